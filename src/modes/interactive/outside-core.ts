// What the headless build (dist/core.cjs) holds in place of the interactive interface. The
// launcher sends every run that opens the interface to dist/tui.cjs (cli-options.ts
// `opensInterface` makes the same decision cli.ts does), so this is unreachable.
export function runInteractive(): Promise<number> {
  return Promise.reject(new Error("the interactive interface is not part of the headless build"));
}
