import { Controller, Get, HttpCode, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { CurrentUser, UnknownUserError } from '../auth/auth.guard';
import { nextUndoTarget, UndoLastAction } from '../commands/library/undo-last-action.handler';
import { LibraryCheckpoints } from '../library-checkpoints/library-checkpoints';
import { UserListsReader } from '../queries/user-lists.reader';
import { ReadYourWrites } from './read-your-writes';
import type { UserProfile } from '../read-model/read-model.port';
import { ApiRoute, ApiUserRoute, USER_READ_ERRORS, USER_WRITE_ERRORS } from './openapi/api-docs.decorators';
import { UndoPreviewResponse, UndoResponse } from './openapi/library-schemas';

/** Why an undo left a video out (docs/design/library-controls.md, "Undo"). */
const UNDO_SKIPPED_REASON = 'no longer available';

@ApiTags('library')
@ApiUserRoute()
@Controller('user/undo')
@UnknownUserError('USER_NOT_FOUND')
export class UndoController {
  constructor(
    private readonly commands: ReadYourWrites,
    private readonly lists: UserListsReader,
    private readonly checkpoints: LibraryCheckpoints,
  ) {}

  @Get()
  @ApiRoute(
    'What an undo would revert now, as GET /user/activity shows it (null when there is nothing to undo)',
    200,
    UndoPreviewResponse,
    USER_READ_ERRORS,
  )
  async preview(@CurrentUser() user: UserProfile) {
    const target = await nextUndoTarget(this.checkpoints, user._id);
    if (!target) return { next: null };
    const [next] = (await this.lists.activity(user._id, 1, target.position + 1n)).activity;
    return { next: next?.position === target.position.toString() ? next : null };
  }

  @Post()
  @HttpCode(200)
  @ApiRoute(
    'Revert the most recent list action (again to go further back); the lists come back exactly as they were, but for videos retired since: those are not put back, and `skipped` names them',
    200,
    UndoResponse,
    ['NOTHING_TO_UNDO', 'PLAYLIST_CAP_REACHED', 'PLAYLIST_VIDEO_CAP_REACHED', ...USER_WRITE_ERRORS],
  )
  async undo(@CurrentUser() user: UserProfile) {
    const { target, skipped } = await this.commands.execute(new UndoLastAction(user._id));
    // The undone action as the activity timeline shows it.
    const [undone] = (await this.lists.activity(user._id, 1, target.position + 1n)).activity;
    if (undone?.position !== target.position.toString()) throw new Error(`No activity entry for the undone event at ${target.position}`);
    // Reported like an import's skipped entries: a retired video is never put back into a list.
    return { undone, skipped: skipped.map((_id) => ({ _id, reason: UNDO_SKIPPED_REASON })) };
  }
}
