import { Controller, Get, Param } from '@nestjs/common';
import { CatalogueService } from './catalogue.service';

@Controller()
export class CatalogueController {
  constructor(private readonly catalogue: CatalogueService) {}

  @Get('videos')
  videos() {
    return { videos: this.catalogue.videos() };
  }

  @Get('video/:videoId')
  video(@Param('videoId') videoId: string) {
    return { video: this.catalogue.video(videoId) };
  }

  @Get('categories')
  categories() {
    return { categories: this.catalogue.categories() };
  }

  @Get('categories/:categoryId')
  category(@Param('categoryId') categoryId: string) {
    return { category: this.catalogue.category(categoryId) };
  }
}
