import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { PackBlobEntity } from './pack-blob.entity.js';
import { PacksService } from './packs.service.js';

/** Pack bytes (docs/architecture.md "Theme service"): owns `theme.pack_blobs`; exports {@link PacksService}. */
@Module({
  imports: [TypeOrmModule.forFeature([PackBlobEntity])],
  providers: [PacksService],
  exports: [PacksService],
})
export class PacksModule {}
