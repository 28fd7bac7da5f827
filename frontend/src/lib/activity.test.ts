import { describe, expect, test } from 'vitest';
import { activitySentence, GONE_VIDEO, plainSentence, SOME_PLAYLIST } from './activity';
import type { ActivityItem, Video } from './types';
// The OpenAPI document the backend generates (its text, so that a missing file fails this test).
import openApiText from '../../../docs/openapi.json?raw';

const video = { _id: 'v1', title: 'Best phones of 2026' } as Video;
const item = (type: string, extra: Partial<ActivityItem> = {}): ActivityItem =>
  ({ position: '1', type, at: '2026-11-21T14:50:04.120Z', ...extra }) as ActivityItem;

/** The activity entry's type enum of the OpenAPI document the backend generates (docs/openapi.json). */
function openApiActivityTypes(): string[] {
  const document = JSON.parse(openApiText);
  const types: unknown = document.components.schemas.ActivityItemSchema.properties.type.enum;
  if (!Array.isArray(types) || types.length === 0) throw new Error('docs/openapi.json names no activity types');
  return types as string[];
}

describe('activity sentences', () => {
  test('every activity type of the OpenAPI document has a sentence in words', () => {
    const types = openApiActivityTypes();
    const unnamed = types.filter((type) =>
      plainSentence(item(type, { video, playlist: { _id: 'p', title: 'Mix' } })).startsWith('Did something'),
    );
    // That this build knows no type the document does not name is the type check's: the sentence table is
    // typed by the generated enum, so an extra key does not compile, nor a missing one.
    expect(unnamed).toEqual([]);
  });

  test('a sentence names the video and the playlist as parts the page can link', () => {
    expect(activitySentence(item('VideoAddedToPlaylist', { video, playlist: { _id: 'p1', title: 'Mix' } }))).toEqual([
      'Added ',
      { video },
      ' to ',
      { playlist: 'Mix' },
    ]);
    expect(plainSentence(item('PlaylistVisibilityChanged', { playlist: { _id: 'p1', title: 'Mix' } }))).toBe('Changed who can see Mix');
  });

  test('a video gone from the catalogue and a playlist without a title still read as words', () => {
    expect(plainSentence(item('VideoLiked'))).toBe(`Liked ${GONE_VIDEO}`);
    expect(plainSentence(item('PlaylistDeleted', { playlist: { _id: 'p1' } }))).toBe(`Deleted playlist ${SOME_PLAYLIST}`);
  });

  test('the account lines read in words', () => {
    expect(plainSentence(item('ChannelSubscribed'))).toBe('Subscribed to a channel');
    expect(plainSentence(item('ProfileUpdated'))).toBe('Updated the profile');
    expect(plainSentence(item('PasswordChanged'))).toBe('Changed the password');
    expect(plainSentence(item('PlaybackProgressRecorded', { video }))).toBe('Stopped watching Best phones of 2026 part-way');
  });

  test('a reorder names the moved video when the server says which', () => {
    expect(plainSentence(item('PlaylistReordered', { video, playlist: { _id: 'p', title: 'Mix' } }))).toBe(
      'Moved Best phones of 2026 within Mix',
    );
    expect(plainSentence(item('PlaylistReordered', { playlist: { _id: 'p', title: 'Mix' } }))).toBe('Reordered Mix');
  });

  test('a type from a newer server is named, not dropped', () => {
    expect(plainSentence(item('SomethingNew'))).toBe('Did something (SomethingNew)');
    // Not fooled by the prototype's own keys.
    expect(plainSentence(item('toString'))).toBe('Did something (toString)');
  });
});
