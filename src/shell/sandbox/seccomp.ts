/**
 * The seccomp filter of the sandbox: a classic BPF program, built here for the running
 * architecture and handed to bubblewrap (`--seccomp FD`), which installs it for the sandboxed
 * shell and everything it starts.
 *
 * Why a filter and not masking: a filesystem socket is reached by `connect()` through any path
 * that shows it — the read-only bind of `/` shows every socket under `$HOME` (Docker Desktop's,
 * gpg-agent's, ssh-agent's, editors'), and no list of folders to hide can know them all. So the
 * filter makes `socket(AF_UNIX, …)` fail with EPERM, as Claude Code's sandbox-runtime does:
 * nothing in the sandbox can make a unix socket, so none can be connected to or listened on
 * (abstract ones included; `--unshare-net` already cuts abstract ones off from the host).
 * `socketpair()` stays allowed: it only joins two ends the caller holds (Node's child_process
 * pipes and IPC, test runners' workers, `make -j`). Also refused with EPERM: `io_uring_setup`
 * (io_uring can open sockets without the `socket` system call). Every other system call of the
 * filter's architecture is allowed; a system call made through another ABI (x86_64's x32,
 * 32-bit x86 on x86_64, 32-bit ARM on aarch64), whose numbers this filter does not check, kills
 * the process.
 */

/** Architectures the filter is built for: `process.arch` → audit arch and system call numbers. */
const ARCHES: Record<string, { audit: number; socket: number; ioUringSetup: number; x32?: true }> =
  {
    x64: { audit: 0xc000003e, socket: 41, ioUringSetup: 425, x32: true },
    arm64: { audit: 0xc00000b7, socket: 198, ioUringSetup: 425 },
  };

const LD_W_ABS = 0x20;
const JEQ_K = 0x15;
const JGE_K = 0x35;
const RET_K = 0x06;
const RET_ALLOW = 0x7fff0000;
const RET_EPERM = 0x00050000 | 1;
const RET_KILL_PROCESS = 0x80000000;
const X32_SYSCALL_BIT = 0x40000000;
const AF_UNIX = 1;
/** Offsets in `struct seccomp_data`: nr, arch, then ip, then args (the low half of args[0]). */
const NR = 0;
const ARCH = 4;
const ARG0_LOW = 16;

/** Whether a filter can be built for this process's architecture. */
export function seccompSupported(arch: string = process.arch): boolean {
  return arch in ARCHES;
}

/**
 * The filter for `arch` (default the running one) as the bytes of `struct sock_filter[]` in
 * this machine's byte order (both supported architectures run little-endian).
 * @throws Error for an architecture it is not built for.
 */
export function seccompProgram(arch: string = process.arch): Buffer {
  const a = ARCHES[arch];
  if (!a) throw new Error(`no seccomp filter for ${arch}`);
  type Ins = { code: number; k: number; t?: string; f?: string; label?: string };
  const ins: Ins[] = [
    { code: LD_W_ABS, k: ARCH },
    { code: JEQ_K, k: a.audit, f: "kill" },
    { code: LD_W_ABS, k: NR },
    ...(a.x32 ? [{ code: JGE_K, k: X32_SYSCALL_BIT, t: "kill" }] : []),
    { code: JEQ_K, k: a.ioUringSetup, t: "eperm" },
    { code: JEQ_K, k: a.socket, f: "allow" },
    { code: LD_W_ABS, k: ARG0_LOW },
    { code: JEQ_K, k: AF_UNIX, t: "eperm", f: "allow" },
    { code: RET_K, k: RET_ALLOW, label: "allow" },
    { code: RET_K, k: RET_EPERM, label: "eperm" },
    { code: RET_K, k: RET_KILL_PROCESS, label: "kill" },
  ];
  const at = (label: string | undefined, from: number) => {
    if (label === undefined) return 0;
    const target = ins.findIndex((i) => i.label === label);
    return target - from - 1;
  };
  const out = Buffer.alloc(ins.length * 8);
  ins.forEach((i, n) => {
    out.writeUInt16LE(i.code, n * 8);
    out.writeUInt8(at(i.t, n), n * 8 + 2);
    out.writeUInt8(at(i.f, n), n * 8 + 3);
    out.writeUInt32LE(i.k >>> 0, n * 8 + 4);
  });
  return out;
}
