/**
 * A channel's id: a URL-safe slug of its name ("Unbox Therapy" → "unbox-therapy"), so that
 * `/channel/unbox-therapy` reads well and stays the same across restarts. Accents are dropped,
 * every run of other characters becomes one hyphen.
 */
export function channelSlug(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

export interface Channel {
  readonly _id: string;
  readonly name: string;
  readonly avatar: string;
  readonly videoCount: number;
}
