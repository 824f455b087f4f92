import { readdirSync, readFileSync, readlinkSync } from "node:fs";
import { childProcess } from "../platform/lazy-builtins.js";

/** One live process of the shell's session (zombies are left out). */
export interface SessionProcess {
  pid: number;
  ppid: number;
  pgid: number;
  /** `/proc` state letter: R running, S sleeping, T stopped, D disk wait… */
  state: string;
}

const LINUX = process.platform === "linux";

/** read(2) and readv(2) numbers, to tell a process blocked reading the terminal. */
const READ_SYSCALLS: Record<string, number[]> = { x64: [0, 19], arm64: [63, 65] };

/**
 * The live processes of the session the shell leads, the shell included. On Linux every process
 * whose session id is the shell's pid (so a command's orphaned children are found too, unless
 * they started a session of their own); elsewhere the shell's descendants as `ps` lists them.
 * Never throws: a process that vanishes while being read is skipped.
 */
export function sessionProcesses(shellPid: number): SessionProcess[] {
  return LINUX ? fromProc(shellPid) : fromPs(shellPid);
}

function fromProc(sid: number): SessionProcess[] {
  const found: SessionProcess[] = [];
  let names: string[];
  try {
    names = readdirSync("/proc");
  } catch {
    return found;
  }
  for (const name of names) {
    const c = name.charCodeAt(0);
    if (c < 0x30 || c > 0x39) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${name}/stat`, "latin1");
    } catch {
      continue;
    }
    // pid (comm) state ppid pgrp session …; comm may hold spaces and parentheses.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    const state = fields[0] ?? "";
    if (Number(fields[3]) !== sid || state === "Z" || state === "X") continue;
    found.push({ pid: Number(name), ppid: Number(fields[1]), pgid: Number(fields[2]), state });
  }
  return found;
}

function fromPs(shellPid: number): SessionProcess[] {
  let text: string;
  try {
    text = childProcess().execFileSync("ps", ["-A", "-o", "pid=,ppid=,pgid=,stat="], {
      encoding: "utf8",
    });
  } catch {
    return [];
  }
  const rows = text
    .split("\n")
    .map((line) => line.trim().split(/\s+/))
    .filter((f) => f.length >= 4)
    .map(([pid, ppid, pgid, stat]) => ({
      pid: Number(pid),
      ppid: Number(ppid),
      pgid: Number(pgid),
      state: (stat ?? "")[0] ?? "",
    }));
  const inTree = new Set([shellPid]);
  for (let grew = true; grew;) {
    grew = false;
    for (const row of rows) {
      if (inTree.has(row.pid) || !inTree.has(row.ppid)) continue;
      inTree.add(row.pid);
      grew = true;
    }
  }
  return rows
    .filter((r) => inTree.has(r.pid) && r.state !== "Z")
    .map(({ pid, ppid, pgid, state }) => ({ pid, ppid, pgid, state }));
}

/** The process groups of the session other than the shell's own: the jobs commands started. */
export function jobGroups(procs: SessionProcess[], shellPid: number): Set<number> {
  return new Set(procs.filter((p) => p.pgid !== shellPid).map((p) => p.pgid));
}

/** Sends `signal` to every process of each group; groups already gone are skipped. */
export function signalGroups(pgids: Iterable<number>, signal: NodeJS.Signals): void {
  for (const pgid of pgids) {
    try {
      process.kill(-pgid, signal);
    } catch {
      // Gone already.
    }
  }
}

/** The terminal the shell reads (e.g. `/dev/pts/3`); undefined where /proc cannot tell. */
export function terminalOf(pid: number): string | undefined {
  if (!LINUX) return undefined;
  try {
    return readlinkSync(`/proc/${pid}/fd/0`);
  } catch {
    return undefined;
  }
}

/**
 * Whether one of `procs` is blocked in a read of the terminal `tty`: a command waiting for
 * someone to type. Linux only (/proc/<pid>/syscall, else wchan `n_tty_read`); false elsewhere.
 */
export function isReadingTerminal(procs: SessionProcess[], tty: string): boolean {
  if (!LINUX) return false;
  const reads = READ_SYSCALLS[process.arch] ?? [];
  return procs.some((p) => {
    if (p.state !== "S") return false;
    try {
      const [nr, fdHex] = readFileSync(`/proc/${p.pid}/syscall`, "latin1").split(" ");
      if (reads.includes(Number(nr))) {
        return readlinkSync(`/proc/${p.pid}/fd/${Number.parseInt(fdHex ?? "", 16)}`) === tty;
      }
      return false;
    } catch {
      try {
        return readFileSync(`/proc/${p.pid}/wchan`, "latin1").includes("n_tty_read");
      } catch {
        return false;
      }
    }
  });
}

/**
 * Whether the shell waits for its next line: the terminal's foreground process group is the
 * shell's own, and a process of that group (the shell, or the `$(…)` of a POSIX shell's prompt)
 * is blocked reading the terminal `tty`. A command's programs run in groups of their own (job
 * control), so while one runs this is false — even when it prints what the prompt hook prints.
 * Linux only; elsewhere true (it cannot be told).
 */
export function shellAwaitsLine(sessionLeader: number, shellPid: number, tty: string): boolean {
  if (!LINUX) return true;
  let fields: string[];
  try {
    const stat = readFileSync(`/proc/${shellPid}/stat`, "latin1");
    fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  } catch {
    return false;
  }
  // state ppid pgrp session tty_nr tpgid …
  const pgrp = Number(fields[2]);
  if (Number(fields[5]) !== pgrp) return false;
  // The shell itself first (bash, zsh): one file, not a walk through every process.
  const self = { pid: shellPid, ppid: Number(fields[1]), pgid: pgrp, state: fields[0] ?? "" };
  if (isReadingTerminal([self], tty)) return true;
  const group = sessionProcesses(sessionLeader).filter((p) => p.pgid === pgrp);
  return isReadingTerminal(group, tty);
}
