import { Injectable } from '@nestjs/common';
import { CatalogueService } from '../../catalogue/catalogue.service';
import { streams } from '../../events/app-events';
import { CommandRunner } from '../shared/command-runner';
import { WriteResult } from '../shared/write-result';
import { HistoryCommand, historyDecider } from './history.decider';

/** Shared body of the history command handlers: refuse unknown videos, then run the decider. */
@Injectable()
export class HistoryWriter {
  constructor(
    private readonly runner: CommandRunner,
    private readonly catalogue: CatalogueService,
  ) {}

  execute(command: HistoryCommand): Promise<WriteResult> {
    // Events name catalogue videos only; an unknown id would otherwise be stored forever.
    if (command.type === 'AddVideo' || command.type === 'RemoveVideo') this.catalogue.video(command.videoId);
    return this.runner.run(streams.history(command.userId), historyDecider, command);
  }
}
