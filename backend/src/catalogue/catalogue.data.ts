import { channelAvatar } from './channel-avatar';
import { channelSlug } from './channels';
import type { Video } from './catalogue.types';

/**
 * The catalogue the product ships with (SEED-FACTS): put in the log once, as the operators' own
 * publications are (startup/catalogue-seed.ts); from then on the log is the catalogue, and these figures
 * are only the base the seed videos' display strings add the counts to.
 */
export interface SeedCategory {
  readonly _id: string;
  readonly categoryName: string;
}

/** A shipped video, in the template's shape: its `likes` and `views` are the figures it was published with. */
export type SeedVideo = Pick<
  Video,
  | '_id'
  | 'id'
  | 'title'
  | 'description'
  | 'channel'
  | 'likes'
  | 'category'
  | 'duration'
  | 'views'
  | 'thumbnail'
  | 'channelAvatar'
  | 'channelId'
  | 'creator'
>;

/** The three categories; ids are fixed so that links stay valid across restarts. */
export const CATEGORIES: readonly SeedCategory[] = [
  { _id: '5b4a1c3e-8d2f-4c55-9a61-0c2f4d7e1a01', categoryName: 'Television' },
  { _id: '5b4a1c3e-8d2f-4c55-9a61-0c2f4d7e1a02', categoryName: 'Monitor' },
  { _id: '5b4a1c3e-8d2f-4c55-9a61-0c2f4d7e1a03', categoryName: 'Smartphone' },
];

type Seed = Omit<SeedVideo, 'thumbnail' | 'channelAvatar' | 'creator' | 'id' | 'channelId'>;

/** The 12 real videos of SEED-FACTS.md; `_id` is the external video site's id. */
const SEEDS: readonly Seed[] = [
  {
    _id: 'BJrsmM6aEYE',
    title: 'Unboxing Every Google Pixel 3 XL + Pixel 3',
    channel: 'Unbox Therapy',
    category: 'Smartphone',
    duration: '10:24',
    views: '4.1M',
    likes: '92k',
    description:
      'Every colour of the Pixel 3 and Pixel 3 XL unboxed side by side, with a first look at the notch, the cameras and what comes in the box.',
  },
  {
    _id: 'pa2J3liXvuA',
    title: 'Apple is gonna LOVE this one...',
    channel: 'Unbox Therapy',
    category: 'Monitor',
    duration: '8:51',
    views: '2.3M',
    likes: '71k',
    description: "A display that takes aim at Apple's own: build, panel, ports and whether it beats the expensive option on a Mac desk.",
  },
  {
    _id: 'OlapSPEs5YI',
    title: 'Samsung Galaxy S22, S22+, S22 Ultra Unboxing Every Color + Every Accessory',
    channel: 'Unbox Therapy',
    category: 'Smartphone',
    duration: '14:07',
    views: '3.5M',
    likes: '88k',
    description: 'The whole Galaxy S22 line-up in every colour, plus every first-party case and accessory Samsung makes for it.',
  },
  {
    _id: 'bTYV7aFC6KE',
    title: 'Galaxy Tab S8 Ultra: A Monster Tablet!',
    channel: 'Marques Brownlee',
    category: 'Smartphone',
    duration: '9:12',
    views: '3.9M',
    likes: '120k',
    description: 'A 14.6-inch Android tablet with a notch: the display, the S Pen, DeX and who this giant is actually for.',
  },
  {
    _id: 'yoigsHYc77s',
    title: 'The Apple Studio Display is a Bad Deal',
    channel: 'Marques Brownlee',
    category: 'Monitor',
    duration: '11:30',
    views: '5.2M',
    likes: '180k',
    description:
      'A 5K panel, a webcam that disappoints and a stand that costs extra: why the Studio Display is hard to recommend at its price.',
  },
  {
    _id: '7IaYSxDp88s',
    title: 'OnePlus 10 Pro Impressions: What Happened?',
    channel: 'Marques Brownlee',
    category: 'Smartphone',
    duration: '10:05',
    views: '2.8M',
    likes: '95k',
    description:
      'The OnePlus 10 Pro after a few weeks: the Hasselblad cameras, charging speeds, software changes and what the brand has become.',
  },
  {
    _id: '9XdS9sShG5Q',
    title: 'Samsung finally made a new OLED TV',
    channel: 'The Verge',
    category: 'Television',
    duration: '7:48',
    views: '1.2M',
    likes: '32k',
    description: 'Samsung returns to OLED with a QD-OLED panel: brightness, colour volume and how it stacks up against LG.',
  },
  {
    _id: 'bNFdxaXQX4Q',
    title: 'LG C2 OLED TV Review: Another home run for LG?',
    channel: 'Digital Trends',
    category: 'Television',
    duration: '12:36',
    views: '980k',
    likes: '21k',
    description: "The LG C2 tested for brightness, gaming features, processing and value against last year's C1.",
  },
  {
    _id: 'yx7daXdbDsI',
    title: 'We Bought the CHEAPEST OLED TV… How Bad Could It Be? - Skyworth XC9000',
    channel: 'Linus Tech Tips',
    category: 'Television',
    duration: '15:22',
    views: '2.6M',
    likes: '84k',
    description: 'The cheapest OLED TV money can buy, put through its paces: picture quality, software and the corners that were cut.',
  },
  {
    _id: '2GURVhh9ZQ4',
    title: "Sony X95K TV Review: Sony's take on mini-LED",
    channel: 'Digital Trends',
    category: 'Television',
    duration: '13:10',
    views: '640k',
    likes: '15k',
    description: "Sony's first mini-LED TV: local dimming, blooming, motion handling and whether it challenges OLED.",
  },
  {
    _id: '65SvTs_b3RE',
    title: "This isn't Sponsored. - Alienware AW3423DW QD OLED",
    channel: 'Linus Tech Tips',
    category: 'Monitor',
    duration: '11:58',
    views: '3.1M',
    likes: '110k',
    description: 'The first QD-OLED ultrawide gaming monitor: colour, response time, burn-in worries and why it impressed anyway.',
  },
  {
    _id: 'b4S5ruT_xX4',
    title: "This doesn't look right.... but it's AWESOME! - LG DualUp Ergo Monitor",
    channel: 'ShortCircuit',
    category: 'Monitor',
    duration: '9:45',
    views: '1.5M',
    likes: '47k',
    description: 'A 16:18 monitor on an arm: the odd aspect ratio for coding and reading, the ergo stand and its compromises.',
  },
];

export const VIDEOS: readonly SeedVideo[] = SEEDS.map((seed) => ({
  ...seed,
  thumbnail: `https://i.ytimg.com/vi/${seed._id}/hqdefault.jpg`,
  channelAvatar: channelAvatar(seed.channel),
  channelId: channelSlug(seed.channel),
  creator: seed.channel,
  id: seed._id,
}));
