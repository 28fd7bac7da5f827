import { Controller, Get, Res, UseGuards } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { AuthGuard, CurrentUser, UnknownUserError } from '../auth/auth.guard';
import { exportFileName } from '../lists/library-document';
import { LibraryService } from '../queries/library/library.service';
import type { UserProfile } from '../read-model/read-model.port';
import { ApiRoute, ApiUserRoute, USER_ROUTE_ERRORS } from './openapi/api-docs.decorators';
import { LibraryDocumentSchema } from './openapi/library-schemas';

/** "Take your data with you": the whole library as one JSON document, offered as a download. */
@ApiTags('library')
@ApiUserRoute()
@Controller('user/export')
@UseGuards(AuthGuard)
@UnknownUserError('USER_NOT_FOUND')
export class ExportController {
  constructor(private readonly library: LibraryService) {}

  @Get()
  @ApiRoute(
    'The whole library as one document (attachment techtube-library-YYYY-MM-DD.json); POST it to /user/import',
    200,
    LibraryDocumentSchema,
    ['USER_NOT_FOUND', ...USER_ROUTE_ERRORS],
  )
  async export(@CurrentUser() user: UserProfile, @Res({ passthrough: true }) reply: FastifyReply) {
    const exportedAt = new Date();
    const document = await this.library.export(user._id, exportedAt);
    void reply.header('content-disposition', `attachment; filename="${exportFileName(exportedAt)}"`);
    return document;
  }
}
