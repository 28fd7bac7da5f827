import { useCallback, useEffect, useRef } from 'react';
import { useToken } from '@/lib/hooks';
import { useProgress } from '@/lib/progress';
import type { Video } from '@/lib/types';
import { useReportProgressMutation } from './progress-api';

/** While playing, a report at most this often; a pause and leaving the page report at once. */
const REPORT_EVERY_MS = 15_000;
const PLAYER_ORIGIN = 'https://www.youtube.com';
/** YouTube player states (IFrame API). */
const PLAYING = 1;
const PAUSED = 2;
const ENDED = 0;

interface PlayerInfo {
  currentTime?: number;
  playerState?: number;
}

/**
 * Resume where you left off, on the embedded YouTube player without loading its script
 * (the CSP allows our own scripts only): the embed URL asks for the JS API (`enablejsapi=1`) and the
 * saved second (`start=`), and the player's postMessage events (`infoDelivery`, `onStateChange`) say
 * where playback is. Guests get no resume (no `start=`), but the same events: `onPlaying` hears every
 * start and stop of playback, for anyone (the view report, features/videos/use-view-report.ts).
 */
export function usePlaybackProgress(video: Video | undefined, onPlaying?: (playing: boolean) => void) {
  const token = useToken();
  const { data: progress, isLoading } = useProgress();
  const [report] = useReportProgressMutation();
  const frame = useRef<HTMLIFrameElement | null>(null);
  const state = useRef({ time: undefined as number | undefined, playing: false, lastReport: 0, lastSent: -1 });
  const videoId = video?._id;
  const saved = videoId ? progress?.find((p) => p.videoId === videoId)?.seconds : undefined;

  const send = useCallback(
    (stopped: boolean) => {
      const { time, lastSent } = state.current;
      if (!token || !videoId || time === undefined) return;
      const seconds = Math.floor(time);
      if (stopped && seconds === lastSent) return;
      state.current.lastReport = Date.now();
      state.current.lastSent = seconds;
      void report({ videoId, seconds, stopped });
    },
    [token, videoId, report],
  );

  useEffect(() => {
    if (!videoId) return;
    const current = state.current;
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== PLAYER_ORIGIN || event.source !== frame.current?.contentWindow) return;
      let message: { event?: string; info?: unknown };
      try {
        message = typeof event.data === 'string' ? JSON.parse(event.data) : event.data;
      } catch {
        return;
      }
      const info: PlayerInfo =
        message.event === 'onStateChange'
          ? { playerState: Number(message.info) }
          : message.event === 'infoDelivery'
            ? (message.info as PlayerInfo)
            : {};
      if (typeof info.currentTime === 'number') state.current.time = info.currentTime;
      if (typeof info.playerState === 'number') {
        const wasPlaying = state.current.playing;
        state.current.playing = info.playerState === PLAYING;
        if (state.current.playing !== wasPlaying) onPlaying?.(state.current.playing);
        if (wasPlaying && (info.playerState === PAUSED || info.playerState === ENDED)) send(true);
      }
      if (state.current.playing && Date.now() - state.current.lastReport >= REPORT_EVERY_MS) send(false);
    };
    const onLeave = () => send(true);
    window.addEventListener('message', onMessage);
    window.addEventListener('pagehide', onLeave);
    return () => {
      window.removeEventListener('message', onMessage);
      window.removeEventListener('pagehide', onLeave);
      // Leaving the player page (another route) is leaving the video.
      onLeave();
      if (current.playing) onPlaying?.(false);
      current.playing = false;
    };
  }, [videoId, send, onPlaying]);

  /** A callback ref for the iframe: the object returned below holds no ref, so it is read freely in render. */
  const setFrame = useCallback((element: HTMLIFrameElement | null) => {
    frame.current = element;
  }, []);

  /** Tells the player to start sending its events; called when the iframe has loaded. */
  const listen = useCallback(() => {
    frame.current?.contentWindow?.postMessage(JSON.stringify({ event: 'listening', id: 'techtube', channel: 'widget' }), PLAYER_ORIGIN);
  }, []);

  const query = `&enablejsapi=1&origin=${encodeURIComponent(window.location.origin)}${token && saved ? `&start=${saved}` : ''}`;
  return { ready: !token || !isLoading, embedQuery: query, frame: setFrame, onFrameLoad: listen, startSeconds: saved };
}
