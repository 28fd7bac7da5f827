import { Controller, Get, Param } from '@nestjs/common';
import { Public } from '../auth/auth.guard';
import { CatalogueService } from '../catalogue/catalogue.service';
import { ApiTags } from '@nestjs/swagger';
import { ApiRoute } from './openapi/api-docs.decorators';
import { CategoriesResponse, CategoryResponse, VideoResponse, VideosResponse } from './openapi/api-schemas';

@ApiTags('catalogue')
@Controller()
@Public()
export class CatalogueController {
  constructor(private readonly catalogue: CatalogueService) {}

  @Get('videos')
  @ApiRoute('All videos of the catalogue', 200, VideosResponse, [])
  videos() {
    return { videos: this.catalogue.videos() };
  }

  @Get('video/:videoId')
  @ApiRoute('One video', 200, VideoResponse, ['VIDEO_NOT_FOUND'])
  video(@Param('videoId') videoId: string) {
    return { video: this.catalogue.video(videoId) };
  }

  @Get('categories')
  @ApiRoute('All categories', 200, CategoriesResponse, [])
  categories() {
    return { categories: this.catalogue.categories() };
  }

  @Get('categories/:categoryId')
  @ApiRoute('One category with its videos', 200, CategoryResponse, ['CATEGORY_NOT_FOUND'])
  category(@Param('categoryId') categoryId: string) {
    return { category: this.catalogue.categoryWithVideos(categoryId) };
  }
}
