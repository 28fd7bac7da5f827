/**
 * No avatar URL is known for these channels (SEED-FACTS.md), and a third-party image would
 * fail offline; an inline SVG of the channel's initials always renders and needs no request.
 * The disc's lightness (30 %) gives the white initials a contrast of at least 4.5:1 whatever the hue
 * (WCAG AA for text of their size): this app draws them as text on that colour (README, "Speed on a phone").
 */
export function channelAvatar(channel: string): string {
  const initials = channel
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]!.toUpperCase())
    .join('');
  let hue = 0;
  for (const ch of channel) hue = (hue * 31 + ch.charCodeAt(0)) % 360;
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64">` +
    `<circle cx="32" cy="32" r="32" fill="hsl(${hue},55%,30%)"/>` +
    `<text x="32" y="40" font-family="Arial,sans-serif" font-size="24" font-weight="700" fill="#fff" text-anchor="middle">${initials}</text></svg>`;
  return `data:image/svg+xml;utf8,${encodeURIComponent(svg)}`;
}
