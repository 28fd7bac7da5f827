import { useState, type FormEvent } from 'react';
import { Modal } from '@/components/modal';
import type { Category, CatalogueVideoChanges, Video } from '@/lib/types';
import { useAddVideoMutation, useEditVideoMutation } from './studio-api';
import { youTubeThumbnail, youTubeVideoId } from './youtube-link';

type Fields = Required<Omit<CatalogueVideoChanges, '_id'>>;

const fieldsOf = (video: Video | undefined): Fields => ({
  url: video?._id ?? '',
  title: video?.title ?? '',
  description: video?.description ?? '',
  category: video?.categoryId ?? video?.categoryName ?? '',
  channel: video?.channel ?? '',
  duration: video?.duration ?? '',
  thumbnail: video?.thumbnail ?? '',
});

interface Props {
  /** Absent: a new video, from a pasted YouTube link. */
  video?: Video;
  categories: Category[];
  onClose: () => void;
}

/** Add a video by pasting its YouTube link (the id and picture come from it), or edit one: every field editable. */
export function VideoForm({ video, categories, onClose }: Props) {
  const [fields, setFields] = useState<Fields>(() => fieldsOf(video));
  const [add, adding] = useAddVideoMutation();
  const [edit, editing] = useEditVideoMutation();
  const videoId = video?._id ?? youTubeVideoId(fields.url);
  const linkError = !video && fields.url.trim() && !videoId ? 'This is not a YouTube video link.' : undefined;

  const set = (name: keyof Fields, value: string) =>
    setFields((current) => {
      const next = { ...current, [name]: value };
      // The picture follows the link while it is YouTube's own (not one the operator typed).
      if (name === 'url') {
        const before = youTubeVideoId(current.url);
        const after = youTubeVideoId(value);
        if (!current.thumbnail || (before && current.thumbnail === youTubeThumbnail(before)))
          next.thumbnail = after ? youTubeThumbnail(after) : '';
      }
      return next;
    });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!videoId) return;
    const { url, ...rest } = fields;
    const result = video
      ? await edit({
          videoId: video._id,
          // Only what changed, as PATCH takes any subset.
          video: Object.fromEntries(Object.entries(rest).filter(([name, value]) => value !== fieldsOf(video)[name as keyof Fields])),
        })
      : await add({ url: url.trim(), ...rest, thumbnail: rest.thumbnail || undefined });
    if (!result.error) onClose();
  };

  const input = (name: keyof Fields, label: string, extra: Record<string, unknown> = {}) => (
    <label className="studio-field">
      <span className="studio-field__label">{label}</span>
      <input className="studio-field__input" value={fields[name]} onChange={(event) => set(name, event.target.value)} {...extra} />
    </label>
  );

  return (
    <Modal title={video ? 'Edit video' : 'Add a video'} onClose={onClose}>
      <form className="studio-form" onSubmit={(event) => void submit(event)}>
        {!video && (
          <label className="studio-field">
            <span className="studio-field__label">YouTube link</span>
            <input
              className="studio-field__input"
              value={fields.url}
              onChange={(event) => set('url', event.target.value)}
              placeholder="https://www.youtube.com/watch?v=…"
              required
              aria-invalid={linkError ? true : undefined}
              aria-describedby={linkError ? 'video-link-error' : undefined}
            />
            {linkError && (
              <span id="video-link-error" className="studio-field__error">
                {linkError}
              </span>
            )}
          </label>
        )}
        {fields.thumbnail && <img className="studio-form__preview" src={fields.thumbnail} alt="" width={480} height={360} />}
        {input('title', 'Title', { required: true, maxLength: 200 })}
        <label className="studio-field">
          <span className="studio-field__label">Description</span>
          <textarea
            className="studio-field__input"
            rows={3}
            maxLength={5000}
            value={fields.description}
            onChange={(event) => set('description', event.target.value)}
          />
        </label>
        <label className="studio-field">
          <span className="studio-field__label">Category</span>
          <select
            className="studio-field__input"
            value={fields.category}
            onChange={(event) => set('category', event.target.value)}
            required
          >
            <option value="">Choose a category</option>
            {categories.map((category) => (
              <option key={category._id} value={category._id}>
                {category.categoryName}
              </option>
            ))}
          </select>
        </label>
        {input('channel', 'Channel', { required: true, maxLength: 100 })}
        {input('duration', 'Duration (mm:ss)', { required: true, pattern: '(\\d+:)?[0-5]?\\d:[0-5]\\d', placeholder: '10:24' })}
        {input('thumbnail', 'Thumbnail URL', { type: 'url' })}
        <div className="studio-form__actions">
          <button type="button" className="btn btn--outline" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="btn btn--primary" disabled={!videoId || adding.isLoading || editing.isLoading}>
            {video ? 'Save' : 'Add video'}
          </button>
        </div>
      </form>
    </Modal>
  );
}
