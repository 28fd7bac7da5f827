import { Controller, Get, Res, StreamableFile } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { CurrentUser, UnknownUserError } from '../auth/auth.guard';
import { exportFileName } from '../domain/library/library-document';
import { LibraryService } from '../queries/library/library.service';
import type { UserProfile } from '../read-model/read-model.port';
import { ApiRoute, ApiUserRoute, USER_READ_ERRORS } from './openapi/api-docs.decorators';
import { ExportDocumentSchema } from './openapi/account-schemas';
import { UserListsReader } from '../queries/user-lists.reader';
import { jsonDocumentStream } from '../shared/json-document-stream';

/**
 * "Take your data with you" and the right of access (GDPR art. 15): the whole library as one JSON
 * document, with the profile and every line of the activity timeline, offered as a download.
 */
@ApiTags('library')
@ApiUserRoute()
@Controller('user/export')
@UnknownUserError('USER_NOT_FOUND')
export class ExportController {
  constructor(
    private readonly library: LibraryService,
    private readonly lists: UserListsReader,
  ) {}

  @Get()
  @ApiRoute(
    'Everything kept about the user (right of access): the library as one document, plus the profile and the whole activity timeline (attachment techtube-library-YYYY-MM-DD.json); POST it to /user/import',
    200,
    ExportDocumentSchema,
    USER_READ_ERRORS,
  )
  async export(@CurrentUser() user: UserProfile, @Res({ passthrough: true }) reply: FastifyReply): Promise<StreamableFile> {
    const exportedAt = new Date();
    const pages = this.lists.timeline(user._id);
    // The library and the first page are read before anything is sent, so that a read model
    // that cannot be reached is still a clean 503, not a download cut short.
    const [document, firstPage] = await Promise.all([this.library.export(user._id, exportedAt), pages.next()]);
    const { _id, email, firstName, lastName, name, username, createdAt } = user;
    const profile = {
      _id,
      email,
      firstName,
      lastName,
      ...(name !== undefined && { name }),
      ...(username !== undefined && { username }),
      createdAt,
    };
    void reply.header('content-disposition', `attachment; filename="${exportFileName(exportedAt)}"`);
    // Import reads the library fields only: profile and activity are for the person to see, not to restore.
    // The activity grows with the history (100 000 events, ~10 MB): it is streamed page by page.
    const activity = jsonDocumentStream({ ...document, profile }, 'activity', resumed(firstPage, pages));
    return new StreamableFile(activity, { type: 'application/json; charset=utf-8' });
  }
}

/** The pages of a generator whose first `next()` was already taken. */
async function* resumed<T>(first: IteratorResult<T>, rest: AsyncGenerator<T>): AsyncGenerator<T> {
  if (first.done) return;
  yield first.value;
  yield* rest;
}
