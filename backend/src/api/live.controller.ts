import { Controller, Get, Req, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CurrentUser, Public, UnknownUserError } from '../auth/auth.guard';
import { LiveOpener, StreamRequest } from '../live/live-opener';
import type { UserProfile } from '../read-model/read-model.port';
import { ApiStreamRoute, ApiUserRoute, USER_READ_ERRORS } from './openapi/api-docs.decorators';

/**
 * The changes streams (docs/design/live-updates.md). The reply is hijacked once admitted: the stream is
 * written straight to the socket, past Fastify's serializer and the onSend hooks (the catalogue's answer
 * cache and compression), with the headers every answer carries (security, request id, CORS) copied over.
 */
@ApiTags('live')
@Controller()
export class LiveController {
  constructor(private readonly opener: LiveOpener) {}

  @Get('user/changes')
  @ApiUserRoute()
  @UnknownUserError('USER_NOT_FOUND')
  @ApiStreamRoute(
    "The signed-in user's changes as they show, from any device: likes, watch later, history, playlists, progress, subscriptions, settings, account",
    'Ends when the token stops being valid (sign out everywhere, a password change, expiry, the account deleted); at most LIVE_STREAMS_PER_USER per user on an instance, a new one closing the oldest.',
    [...USER_READ_ERRORS, 'LIVE_STREAMS_FULL'],
  )
  userChanges(@CurrentUser() user: UserProfile, @Req() request: FastifyRequest, @Res() reply: FastifyReply): void {
    this.opener.admitUser();
    this.opener.openUser(user._id, String(request.headers.authorization), streamRequest(request, reply));
  }

  @Get('catalogue/changes')
  @Public()
  @ApiStreamRoute(
    "The catalogue's changes as this instance shows them: a video published, edited, retired or restored, the categories changed",
    'Counts (likes, views) are not sent. At most LIVE_PUBLIC_STREAMS_PER_ADDRESS open streams per client address.',
    ['TOO_MANY_LIVE_STREAMS', 'LIVE_STREAMS_FULL'],
  )
  catalogueChanges(@Req() request: FastifyRequest, @Res() reply: FastifyReply): void {
    this.opener.admitCatalogue(request.ip);
    this.opener.openCatalogue(request.ip, streamRequest(request, reply));
  }
}

function streamRequest(request: FastifyRequest, reply: FastifyReply): StreamRequest {
  reply.hijack();
  return { lastEventId: request.headers['last-event-id'], response: reply.raw, headers: reply.getHeaders() };
}
