import { Link } from '@/components/link';
import { VideoThumbnail } from '@/components/video-thumbnail';
import { api, VIDEOS_LIST } from '@/lib/api';
import { countLabel } from '@/lib/counts';
import { paths } from '@/lib/paths';
import { videosPageUrl, type HomeQuery } from './home-query';
import './up-next.css';
import type { Video, VideosResponse } from '@/lib/types';

const UP_NEXT = 12;

// Here rather than in videos-api.ts: only the player asks, so it stays out of the first screen's script.
const upNextApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** A few videos of one query, without paging. */
    getVideoList: build.query<Video[], HomeQuery & { limit: number }>({
      query: ({ limit, ...query }) => videosPageUrl(query, null, limit),
      transformResponse: (response: VideosResponse) => response.videos,
      providesTags: [VIDEOS_LIST],
    }),
  }),
});

/**
 * "Up next": the other videos of the same category, to go on watching; without a video (a retired one's
 * page) the most popular ones.
 */
export function UpNext({ video }: { video?: Video }) {
  const category = video?.categoryName;
  const { data: videos } = upNextApi.useGetVideoListQuery(
    category ? { category, limit: UP_NEXT + 1 } : { sort: 'popular', limit: UP_NEXT },
  );
  const next = (videos ?? []).filter((v) => !video || (v.category === video.category && v._id !== video._id)).slice(0, UP_NEXT);
  if (next.length === 0) return null;
  return (
    <aside className="up-next" aria-labelledby="up-next-title">
      <h2 id="up-next-title" className="up-next__title">
        Up next
      </h2>
      <ul className="up-next__list">
        {next.map((v) => (
          <li key={v._id} className="up-next__item">
            <Link className="up-next__link" to={paths.videoPlay.to(v._id)}>
              <span className="up-next__thumb" aria-hidden="true">
                <VideoThumbnail src={v.thumbnail} title={v.title} duration={v.duration} />
              </span>
              <span className="up-next__text">
                <span className="up-next__video-title">{v.title}</span>
                <span className="up-next__channel">{v.channel}</span>
                <span className="up-next__channel">{countLabel(v.views, 'view')}</span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </aside>
  );
}
