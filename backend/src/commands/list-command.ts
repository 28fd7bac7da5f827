import type { NewEvent } from '../events/event';
import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { CatalogueService } from '../catalogue/catalogue.service';
import type { ListDefinition } from '../domain/decider';
import { CappedRunner } from './shared/capped-runner';
import { Decided } from './shared/write-result';

/**
 * Any command of any list, sent through the CommandBus: it carries its list's definition, so one
 * handler serves every list (emmett's DeciderCommandHandler), and a new list needs no handler.
 */
export class ListCommand<C, E extends NewEvent, S> extends Command<Decided> {
  constructor(
    readonly list: ListDefinition<C, E, S>,
    readonly command: C,
  ) {
    super();
  }
}

@CommandHandler(ListCommand)
export class ListCommandHandler implements ICommandHandler<ListCommand<unknown, NewEvent, unknown>> {
  constructor(
    private readonly runner: CappedRunner,
    private readonly catalogue: CatalogueService,
  ) {}

  execute<C, E extends NewEvent, S>({ list, command }: ListCommand<C, E, S>): Promise<Decided> {
    // Events name catalogue videos only; an unknown id would otherwise be stored forever. A retired
    // video may be taken out of a list (its tombstone), never put in (410).
    const videoId = list.videoOf?.(command);
    if (videoId !== undefined) {
      if (list.takesOut?.(command)) this.catalogue.anyVideo(videoId);
      else this.catalogue.video(videoId);
    }
    return this.runner.run(list.streamOf(command), list, command);
  }
}
