// File access through the editor: when the client offers `fs.readTextFile` / `fs.writeTextFile`,
// North's file tools read its buffers and write into them (the session's `files` option; the
// workspace rules, read-before-edit and checkpoints stay North's).
import type { AgentContext } from "@agentclientprotocol/sdk";
import type { SessionOptions } from "../../session/index.js";

/** What the client said in `initialize` about its file system. */
export interface ClientFs {
  readTextFile: boolean;
  writeTextFile: boolean;
}

/**
 * The session option for the client's file system: nothing when it offers neither method. A
 * read the client cannot answer falls back to the disk (North's own error then says why).
 */
export function editorFiles(
  fs: ClientFs,
  client: () => AgentContext,
  sessionId: () => string,
): Pick<SessionOptions, "files"> {
  if (!fs.readTextFile && !fs.writeTextFile) return {};
  return {
    files: {
      ...(fs.readTextFile
        ? {
            read: async (path: string) => {
              try {
                const answer = await client().request("fs/read_text_file", {
                  sessionId: sessionId(),
                  path,
                });
                return answer.content;
              } catch {
                return undefined;
              }
            },
          }
        : {}),
      ...(fs.writeTextFile
        ? {
            write: async (path: string, content: string) => {
              await client().request("fs/write_text_file", {
                sessionId: sessionId(),
                path,
                content,
              });
            },
          }
        : {}),
    },
  };
}
