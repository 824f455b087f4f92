/**
 * Whether `host` is `domain` or one of its subdomains (`docs.example.com` is in `example.com`);
 * a leading `*.` in `domain` means the same. Case-insensitive; a trailing dot is ignored.
 */
export function inDomain(host: string, domain: string): boolean {
  const h = host.toLowerCase().replace(/\.$/, "");
  const d = domain.toLowerCase().trim().replace(/^\*\./, "").replace(/\.$/, "");
  if (!d) return false;
  return h === d || h.endsWith(`.${d}`);
}
