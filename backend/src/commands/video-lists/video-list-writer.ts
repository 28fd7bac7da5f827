import { Injectable } from '@nestjs/common';
import { CatalogueService } from '../../catalogue/catalogue.service';
import { CommandRunner } from '../shared/command-runner';
import { WriteResult } from '../shared/write-result';
import { VideoListCommand, VideoListSpec, videoListDecider } from './video-list.decider';
import { LIKES, WATCH_LATER, likesDecider, watchLaterDecider } from './video-lists';

const DECIDERS = new Map<VideoListSpec, ReturnType<typeof videoListDecider>>([
  [LIKES, likesDecider],
  [WATCH_LATER, watchLaterDecider],
]);

/** Shared body of the list command handlers: refuse unknown videos, then run the decider. */
@Injectable()
export class VideoListWriter {
  constructor(
    private readonly runner: CommandRunner,
    private readonly catalogue: CatalogueService,
  ) {}

  execute(spec: VideoListSpec, command: VideoListCommand): Promise<WriteResult> {
    // Events name catalogue videos only; an unknown id would otherwise be stored forever.
    if (command.type !== 'ClearList') this.catalogue.video(command.videoId);
    return this.runner.run(spec.stream(command.userId), DECIDERS.get(spec)!, command);
  }
}
