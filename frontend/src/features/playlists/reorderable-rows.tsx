import { useLayoutEffect, useRef, useState, type DragEvent } from 'react';
import type { Video } from '@/lib/types';
import { Icon } from '@/components/icons';
import { ListRow } from '@/components/list-page';
import { notifyUndoable } from '@/lib/undo';
import { moveVideo, useReorderPlaylistMutation } from './playlists-api';

type Direction = 'up' | 'down';

interface Props {
  playlistId: string;
  videos: Video[];
  onRemove: (video: Video) => void;
}

/**
 * A playlist's rows, in an order the user changes by dragging a row (native HTML5 drag and drop)
 * or with each row's Move up / Move down buttons. The list moves at once and settles on the
 * server's answer; focus stays on the button that was pressed, and the move is announced.
 */
export function ReorderableRows({ playlistId, videos, onRemove }: Props) {
  const [reorder] = useReorderPlaylistMutation();
  const [announcement, setAnnouncement] = useState('');
  // `before`: the gap the dragged row would drop into (0 = above the first row, n = below the last).
  const [drag, setDrag] = useState<{ videoId: string; before: number | null } | null>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const pressed = useRef<{ videoId: string; direction: Direction } | null>(null);
  // The order with every move made so far. A quick second key press can come before the store has
  // re-rendered the first move (RTK batches its notifications): it must count from the new order.
  const latest = useRef(videos);
  useLayoutEffect(() => {
    latest.current = videos;
  }, [videos]);

  // React moves rows by re-inserting DOM nodes, and a re-inserted button loses focus: give it back.
  useLayoutEffect(() => {
    const target = pressed.current;
    const active = document.activeElement;
    if (!target || (active && active !== document.body)) return;
    listRef.current
      ?.querySelector<HTMLElement>(`[data-video-id="${CSS.escape(target.videoId)}"] [data-move="${target.direction}"]`)
      ?.focus();
  }, [videos]);

  const move = (video: Video, toIndex: number) => {
    const order = latest.current;
    const from = order.findIndex((v) => v._id === video._id);
    if (from < 0 || toIndex < 0 || toIndex >= order.length || toIndex === from) return;
    latest.current = moveVideo(order, video._id, toIndex);
    setAnnouncement(`${video.title} moved to position ${toIndex + 1} of ${order.length}`);
    reorder({ playlistId, videoId: video._id, toIndex })
      .unwrap()
      // Said once however many moves (identical toasts are not stacked), with Undo for the last one.
      .then(() => notifyUndoable('Playlist order saved'))
      .catch(() => setAnnouncement(`${video.title} could not be moved`));
  };

  const press = (video: Video, direction: Direction) => {
    pressed.current = { videoId: video._id, direction };
    const index = latest.current.findIndex((v) => v._id === video._id);
    move(video, direction === 'up' ? index - 1 : index + 1);
  };

  const dragOver = (event: DragEvent<HTMLLIElement>, index: number) => {
    if (!drag) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'move';
    const box = event.currentTarget.getBoundingClientRect();
    const before = event.clientY < box.top + box.height / 2 ? index : index + 1;
    if (before !== drag.before) setDrag({ ...drag, before });
  };

  const drop = (event: DragEvent<HTMLLIElement>) => {
    event.preventDefault();
    setDrag(null);
    const from = videos.findIndex((v) => v._id === drag?.videoId);
    if (from < 0 || drag?.before == null) return;
    // The gap is counted with the dragged row still in place; toIndex counts without it.
    move(videos[from], drag.before > from ? drag.before - 1 : drag.before);
  };

  const dropMark = (index: number) =>
    drag?.before === index
      ? 'list-row--drop-above'
      : drag?.before === videos.length && index === videos.length - 1
        ? 'list-row--drop-below'
        : '';

  return (
    <>
      <ul className="list-page__rows" ref={listRef}>
        {videos.map((video, index) => (
          <ListRow
            key={video._id}
            video={video}
            onRemove={onRemove}
            data-video-id={video._id}
            className={`list-row--movable ${drag?.videoId === video._id ? 'list-row--dragged' : ''} ${dropMark(index)}`}
            draggable
            onDragStart={(event) => {
              // A drag is not a key press: focus must not jump to a move button when the rows change.
              pressed.current = null;
              event.dataTransfer.effectAllowed = 'move';
              event.dataTransfer.setData('text/plain', video._id);
              setDrag({ videoId: video._id, before: null });
            }}
            onDragOver={(event) => dragOver(event, index)}
            onDrop={drop}
            onDragEnd={() => setDrag(null)}
            controls={
              <div className="move-buttons">
                {(['up', 'down'] as const).map((direction) => {
                  const unavailable = direction === 'up' ? index === 0 : index === videos.length - 1;
                  return (
                    <button
                      key={direction}
                      type="button"
                      className="move-buttons__button"
                      data-move={direction}
                      aria-label={`Move ${video.title} ${direction}`}
                      title={`Move ${direction}`}
                      // Not `disabled`: a disabled button would drop the focus of a row that just reached an end.
                      aria-disabled={unavailable}
                      onClick={() => press(video, direction)}
                    >
                      <Icon name={direction} size={18} />
                    </button>
                  );
                })}
              </div>
            }
          />
        ))}
      </ul>
      <p className="visually-hidden" role="status">
        {announcement}
      </p>
    </>
  );
}
