import { given } from '../given-when-then.spec-helper';
import { likesList as likesDecider, watchLaterList as watchLaterDecider } from './video-set.list';

const u = 'user-1';
const liked = (videoId: string) => ({ type: 'VideoLiked', data: { userId: u, videoId } });
const unliked = (videoId: string) => ({ type: 'VideoUnliked', data: { userId: u, videoId } });
const watched = (videoId: string) => ({ type: 'VideoWatched', data: { userId: u, videoId } });

describe('likes decider', () => {
  test('given nothing, liking a video emits VideoLiked', () => {
    given(likesDecider, [])
      .when({ type: 'AddVideo', userId: u, videoId: 'a' })
      .then([liked('a')]);
  });

  test('given the video is liked, liking it again fails with the duplicate error (docs/api.md, POST /api/user/likes)', () => {
    given(likesDecider, [liked('a')])
      .when({ type: 'AddVideo', userId: u, videoId: 'a' })
      .thenFails('ALREADY_LIKED');
  });

  test('given the video was liked then unliked, it can be liked again', () => {
    given(likesDecider, [liked('a'), unliked('a')])
      .when({ type: 'AddVideo', userId: u, videoId: 'a' })
      .then([liked('a')]);
  });

  test('given the video is liked, unliking emits VideoUnliked', () => {
    given(likesDecider, [liked('a'), liked('b')])
      .when({ type: 'RemoveVideo', userId: u, videoId: 'a' })
      .then([unliked('a')]);
  });

  test('unliking a video that is not liked emits nothing', () => {
    given(likesDecider, [liked('b')])
      .when({ type: 'RemoveVideo', userId: u, videoId: 'a' })
      .then([]);
  });

  test('events of other lists do not count as likes', () => {
    given(likesDecider, [watched('a')])
      .when({ type: 'AddVideo', userId: u, videoId: 'a' })
      .then([liked('a')]);
  });

  test('an undo’s compensations (with order and undoes) count like any like or unlike', () => {
    const undoneUnlike = { type: 'VideoLiked', data: { userId: u, videoId: 'a', order: '7', undoes: '9' } };
    given(likesDecider, [liked('a'), unliked('a'), undoneUnlike])
      .when({ type: 'AddVideo', userId: u, videoId: 'a' })
      .thenFails('ALREADY_LIKED');
    given(likesDecider, [liked('a'), { type: 'VideoUnliked', data: { userId: u, videoId: 'a', undoes: '3' } }])
      .when({ type: 'AddVideo', userId: u, videoId: 'a' })
      .then([liked('a')]);
  });

  test('likes cannot be cleared: there is no such command, and one sent anyway is refused', () => {
    // @ts-expect-error ClearList is not a likes command: the type says so before any test runs.
    expect(() => likesDecider.decide({ type: 'ClearList', userId: u }, likesDecider.initialState())).toThrow('Unknown command');
  });
});

describe('watch later decider', () => {
  const saved = (videoId: string) => ({ type: 'VideoAddedToWatchLater', data: { userId: u, videoId } });
  test('adding emits VideoAddedToWatchLater; adding again fails with its own duplicate', () => {
    given(watchLaterDecider, [])
      .when({ type: 'AddVideo', userId: u, videoId: 'a' })
      .then([saved('a')]);
    given(watchLaterDecider, [saved('a')])
      .when({ type: 'AddVideo', userId: u, videoId: 'a' })
      .thenFails('ALREADY_IN_WATCH_LATER');
  });

  test('removing emits VideoRemovedFromWatchLater', () => {
    given(watchLaterDecider, [saved('a')])
      .when({ type: 'RemoveVideo', userId: u, videoId: 'a' })
      .then([{ type: 'VideoRemovedFromWatchLater', data: { userId: u, videoId: 'a' } }]);
  });
});
