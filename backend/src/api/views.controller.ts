import { Body, Controller, HttpCode, Inject, Param, Post, Req, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import { AuthedRequest, Public } from '../auth/auth.guard';
import { Authenticator } from '../auth/authenticator';
import { CatalogueProjection } from '../catalogue/catalogue-projection';
import { CatalogueService } from '../catalogue/catalogue.service';
import { ListCommand } from '../commands/list-command';
import { sendCommand } from '../commands/send-command';
import { viewsList } from '../domain/views/views.list';
import { ValidationFailed } from '../errors/validation-failed';
import { CLOCK, Clock } from '../shared/clock';
import { ViewReportDto } from './dto/view-report.dto';
import { ApiRoute } from './openapi/api-docs.decorators';
import { ViewReportResponse } from './openapi/api-schemas';
import { ViewReportRateGuard } from './view-report-rate.guard';

/**
 * The player's report after 10 s of playback (docs/design/catalogue.md, "viewCount"): a signed-in viewer is
 * named by their token, a guest by the random id their browser keeps. Counted once per viewer, video and
 * hour; answered with the video as it now is.
 */
@ApiTags('catalogue')
@Public()
@Controller('video/:videoId/views')
export class ViewsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly authenticator: Authenticator,
    private readonly projection: CatalogueProjection,
    private readonly catalogue: CatalogueService,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  @Post()
  @HttpCode(200)
  @UseGuards(ViewReportRateGuard)
  @ApiRoute('Count a view (after 10 s of playback)', 200, ViewReportResponse, ['VIDEO_NOT_FOUND', 'VIDEO_RETIRED', 'TOO_MANY_WRITES'])
  async report(@Param('videoId') videoId: string, @Body() body: ViewReportDto, @Req() request: AuthedRequest) {
    // A token is optional here, but one that is sent must be valid: a stale one is a 401, not a guest.
    const user = request.headers.authorization === undefined ? undefined : await this.authenticator.authenticateRequest(request);
    if (!user && body.viewer === undefined) throw new ValidationFailed(['viewer must name a guest viewer when no token is given']);
    const viewer = user ? user._id : `guest-${body.viewer!}`;
    const command = { type: 'RecordView' as const, userId: viewer, videoId, at: this.clock.now().toISOString() };
    const result = await sendCommand(this.commands, new ListCommand(viewsList, command));
    await this.projection.waitFor(result.position);
    return { counted: result.events.length > 0, video: this.catalogue.video(videoId) };
  }
}
