import type { Entry, RunningTool, UiState } from "../state/state.js";

/**
 * The conversation as browse mode sees it: Q&A groups, each a person's message (or slash
 * command) with everything that answered it. Pure: built from the store's settled entries plus
 * the part of the turn still moving.
 */

/** One thing inside a group: a settled entry, or a piece of the live part of the turn. */
export type GroupItem =
  | { key: string; kind: "entry"; entry: Entry }
  | { key: string; kind: "live-thinking"; text: string }
  | { key: string; kind: "live-text"; text: string; joined: boolean }
  | { key: string; kind: "live-tool"; tool: RunningTool };

export interface Group {
  /** Stable across updates: the id of its first entry (`g0` for what came before any message). */
  key: string;
  /** The person's message or command (empty for the start of the session). */
  question: string;
  items: GroupItem[];
  /** The turn that answers it is still running. */
  streaming: boolean;
}

/** The live part of the turn, as the store holds it. */
export type LivePart = Pick<UiState, "thinking" | "tail" | "tailJoined" | "tools" | "busy">;

const starts = (entry: Entry) => entry.kind === "user" || entry.kind === "command";

/** Groups of `entries`, the live part added to the last one (which is then `streaming`). */
export function buildGroups(entries: readonly Entry[], live: LivePart): Group[] {
  const groups: Group[] = [];
  for (const entry of entries) {
    if (starts(entry) || groups.length === 0) {
      groups.push({
        key: `g${starts(entry) ? entry.id : 0}`,
        question: starts(entry) ? (entry as { text: string }).text : "",
        items: [],
        streaming: false,
      });
    }
    groups.at(-1)!.items.push({ key: `e${entry.id}`, kind: "entry", entry });
  }
  const liveItems: GroupItem[] = [];
  if (live.thinking.trim())
    liveItems.push({ key: "live-thinking", kind: "live-thinking", text: live.thinking });
  if (live.tail.trim())
    liveItems.push({
      key: "live-text",
      kind: "live-text",
      text: live.tail,
      joined: live.tailJoined,
    });
  for (const tool of live.tools) liveItems.push({ key: `t${tool.id}`, kind: "live-tool", tool });
  if (live.busy || liveItems.length > 0) {
    if (groups.length === 0) groups.push({ key: "g0", question: "", items: [], streaming: false });
    const last = groups.at(-1)!;
    last.items.push(...liveItems);
    last.streaming = live.busy;
  }
  return groups;
}

/** The first words of the answer: its first text, else its first tool line or note. */
export function answerStart(group: Group): string {
  let fallback = "";
  for (const item of group.items) {
    if (item.kind === "live-text") return item.text;
    if (item.kind === "live-tool") fallback ||= item.tool.title;
    if (item.kind !== "entry") continue;
    const entry = item.entry;
    if (entry.kind === "markdown") return entry.text;
    if (entry.kind === "tool") fallback ||= entry.title;
    if (entry.kind === "note") fallback ||= entry.text;
  }
  return fallback;
}

/** Whether an item folds on its own inside an open group: thinking, a tool's output or diff. */
export function collapsible(item: GroupItem): boolean {
  if (item.kind === "live-thinking") return true;
  if (item.kind !== "entry") return false;
  return item.entry.kind === "thinking" || (item.entry.kind === "tool" && !!item.entry.change);
}

/**
 * Whether a group or item is open, before the person toggles it: the last group and a streaming
 * one are open, earlier ones folded; settled thinking is folded, thinking still streaming and
 * tool output are open.
 */
export function openByDefault(
  target: { group: Group; last: boolean } | { item: GroupItem },
): boolean {
  if ("group" in target) return target.last || target.group.streaming;
  const item = target.item;
  return !(item.kind === "entry" && item.entry.kind === "thinking");
}
