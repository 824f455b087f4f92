import { readFileSync, realpathSync, statSync } from "node:fs";
import { join } from "node:path";
import { matchesRule, wellFormedRule, type AllowRule } from "./allow-rules.js";
import { dataDir } from "../config/paths.js";
import { writePrivateFile } from "../config/private-file.js";
import { sha256Hex } from "../../platform/lazy-builtins.js";
import { inDomain } from "../../tools/index.js";

export { matchesRule, suggestRule, type AllowRule } from "./allow-rules.js";

type Env = Record<string, string | undefined>;

/** The file's shape: the repository it belongs to and what the person allowed there. */
interface StoredPermissions {
  root: string;
  edits: boolean;
  commands: AllowRule[];
  /** MCP tools allowed "always": the configured server name and the server's own tool name. */
  mcpTools?: { server: string; tool: string }[];
  /**
   * MCP servers of the repository's `.north/mcp.json` the person approved, by name: the
   * fingerprint of the definition approved (a changed definition needs approving again).
   */
  mcpServers?: Record<string, string>;
  /**
   * The repository's `.north/hooks.json` the person approved: the SHA-256 of its exact content
   * (any change needs approving again).
   */
  hooks?: string;
  /** Hosts `web_fetch` may reach "always" (each with its subdomains, see `inDomain`). */
  webDomains?: string[];
}

/**
 * `$XDG_DATA_HOME/north/permissions/<sha256 of the repository's real path>.json`: the person's
 * standing permissions for one repository, outside every repository.
 */
export function permissionsFile(env: Env, root: string): string {
  return fileFor(env, realRoot(root));
}

function fileFor(env: Env, real: string): string {
  return join(dataDir(env), "permissions", `${sha256Hex(real)}.json`);
}

/**
 * The person's standing permissions for one repository — edits auto-accepted, command rules —
 * kept in North's data directory (folder 0700, file 0600, atomic writes), never in a file a
 * repository, a clone, a submodule or the model can write: nothing inside a repository grants
 * anything: only the person's own answers in a review are written here (an older North's
 * `.north/autoaccept.json` and `allowlist.json` are not read at all — a command or a clone could
 * have written them).
 */
export class PermissionStore {
  private data: StoredPermissions;
  /** The file's mtime when last read or written: a change on disk is read again. */
  private seen: number | undefined;
  private constructor(
    private readonly file: string,
    root: string,
  ) {
    this.data = { root, edits: false, commands: [] };
  }

  static async load(root: string, env: Env): Promise<PermissionStore> {
    const real = realRoot(root);
    const store = new PermissionStore(fileFor(env, real), real);
    const stored = readStored(store.file, real);
    if (stored) {
      store.data = stored;
      store.seen = mtimeOf(store.file);
    }
    return store;
  }

  /**
   * Reads the file again when it changed on disk since (another North process, or the person
   * deleting it): a revoked permission stops applying at once, not at the next start.
   */
  private fresh(): StoredPermissions {
    const now = mtimeOf(this.file);
    if (now !== this.seen) {
      this.seen = now;
      this.data = readStored(this.file, this.data.root) ?? {
        ...this.data,
        edits: false,
        commands: [],
        mcpTools: [],
        webDomains: [],
      };
    }
    return this.data;
  }

  get editsAutoAccepted(): boolean {
    return this.fresh().edits;
  }

  allows(command: string): boolean {
    return this.fresh().commands.some((rule) => matchesRule(command, rule));
  }

  /** Every standing permission of this repository, as stored now. */
  list(): {
    edits: boolean;
    commands: AllowRule[];
    mcpTools: { server: string; tool: string }[];
    webDomains: string[];
  } {
    const { edits, commands, mcpTools = [], webDomains = [] } = this.fresh();
    return {
      edits,
      commands: [...commands],
      mcpTools: [...mcpTools],
      webDomains: [...webDomains],
    };
  }

  /** `web_fetch` asks again before reaching `domain` (as `list()` gives it); false if unsaved. */
  async revokeWebDomain(domain: string): Promise<boolean> {
    const data = this.fresh();
    this.data = { ...data, webDomains: (data.webDomains ?? []).filter((d) => d !== domain) };
    return this.write(this.data);
  }

  /** Asks again before every call of an MCP tool not marked read-only. */
  async revokeMcpTools(): Promise<boolean> {
    this.data = { ...this.fresh(), mcpTools: [] };
    return this.write(this.data);
  }

  /** Asks again before every call of this one MCP tool; false when the file was not written. */
  async revokeMcpTool(server: string, tool: string): Promise<boolean> {
    const data = this.fresh();
    const mcpTools = (data.mcpTools ?? []).filter((k) => k.server !== server || k.tool !== tool);
    this.data = { ...data, mcpTools };
    return this.write(this.data);
  }

  /** Stops auto-accepting edits; false when the file could not be written. */
  async revokeEdits(): Promise<boolean> {
    this.data = { ...this.fresh(), edits: false };
    return this.write(this.data);
  }

  /** Removes command rule `index` (0-based, as `list()` gives them). */
  async revokeRule(index: number): Promise<boolean> {
    const data = this.fresh();
    this.data = { ...data, commands: data.commands.filter((_, i) => i !== index) };
    return this.write(this.data);
  }

  /** Auto-accepts edits in this repository from now on (kept in memory if the file fails). */
  async acceptEditsAlways(): Promise<void> {
    this.data = { ...this.fresh(), edits: true };
    await this.write(this.data);
  }

  /** The person allowed this MCP server's tool "always" in this repository. */
  allowsMcpTool(server: string, tool: string): boolean {
    return (this.fresh().mcpTools ?? []).some((k) => k.server === server && k.tool === tool);
  }

  /** Allows an MCP server's tool from now on in this repository (in memory if the file fails). */
  async allowMcpToolAlways(server: string, tool: string): Promise<void> {
    const data = this.fresh();
    if (this.allowsMcpTool(server, tool)) return;
    this.data = { ...data, mcpTools: [...(data.mcpTools ?? []), { server, tool }] };
    await this.write(this.data);
  }

  /** Whether the person allowed `web_fetch` to reach `host` "always" (its domain or a parent). */
  allowsWebHost(host: string): boolean {
    return (this.fresh().webDomains ?? []).some((domain) => inDomain(host, domain));
  }

  /** Lets `web_fetch` reach `host` and its subdomains from now on (in memory if unsaved). */
  async allowWebDomainAlways(host: string): Promise<void> {
    const data = this.fresh();
    if (this.allowsWebHost(host)) return;
    this.data = { ...data, webDomains: [...(data.webDomains ?? []), host.toLowerCase()] };
    await this.write(this.data);
  }

  /** Whether the person approved this definition (by fingerprint) of a repository's server. */
  approvedMcpServer(name: string, fingerprint: string): boolean {
    return this.fresh().mcpServers?.[name] === fingerprint;
  }

  /** Records the person's approval of a repository's MCP server definition; false if unsaved. */
  async approveMcpServer(name: string, fingerprint: string): Promise<boolean> {
    const data = this.fresh();
    this.data = { ...data, mcpServers: { ...data.mcpServers, [name]: fingerprint } };
    return this.write(this.data);
  }

  /** Whether the person approved this content (by its SHA-256) of the repository's hooks file. */
  approvedHooks(digest: string): boolean {
    return this.fresh().hooks === digest;
  }

  /** Records the person's approval of the repository's hooks file; false if unsaved. */
  async approveHooks(digest: string): Promise<boolean> {
    this.data = { ...this.fresh(), hooks: digest };
    return this.write(this.data);
  }

  async allowAlways(rule: AllowRule): Promise<void> {
    const data = this.fresh();
    if (data.commands.some((r) => JSON.stringify(r) === JSON.stringify(rule))) return;
    this.data = { ...data, commands: [...data.commands, rule] };
    await this.write(this.data);
  }

  /** Atomic, 0600 in a 0700 folder (`writePrivateFile`); false when it cannot be written. */
  private write(value: StoredPermissions): boolean {
    const saved = writePrivateFile(this.file, `${JSON.stringify(value, null, 2)}\n`);
    if (saved) this.seen = mtimeOf(this.file);
    return saved;
  }
}

/** The stored permissions of `root`, or undefined when there are none (or not for this root). */
function readStored(file: string, root: string): StoredPermissions | undefined {
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, "utf8"));
  } catch (error) {
    // Unreadable or broken: start empty.
    const missing = (error as NodeJS.ErrnoException).code === "ENOENT";
    return missing ? undefined : { root, edits: false, commands: [] };
  }
  const v = (raw ?? {}) as Record<string, unknown>;
  if (v.root !== root) return { root, edits: false, commands: [] };
  const commands = Array.isArray(v.commands) ? v.commands : [];
  const tools = Array.isArray(v.mcpTools) ? (v.mcpTools as Record<string, unknown>[]) : [];
  const servers =
    typeof v.mcpServers === "object" && v.mcpServers !== null && !Array.isArray(v.mcpServers)
      ? Object.entries(v.mcpServers as Record<string, unknown>).filter(
          (e): e is [string, string] => typeof e[1] === "string",
        )
      : [];
  return {
    root,
    edits: v.edits === true,
    mcpTools: tools.flatMap((k) =>
      typeof k?.server === "string" && typeof k.tool === "string"
        ? [{ server: k.server, tool: k.tool }]
        : [],
    ),
    mcpServers: Object.fromEntries(servers),
    ...(typeof v.hooks === "string" ? { hooks: v.hooks } : {}),
    webDomains: (Array.isArray(v.webDomains) ? (v.webDomains as unknown[]) : []).filter(
      (d): d is string => typeof d === "string" && /^[a-z0-9.:[\]-]+$/i.test(d),
    ),
    commands: commands.flatMap((c) => {
      const rule = wellFormedRule(c);
      return rule ? [rule] : [];
    }),
  };
}

function mtimeOf(file: string): number | undefined {
  try {
    return statSync(file).mtimeMs;
  } catch {
    return undefined;
  }
}

function realRoot(root: string): string {
  try {
    return realpathSync.native(root);
  } catch {
    return root;
  }
}
