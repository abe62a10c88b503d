import { Module } from '@nestjs/common';
import { MailService } from './mail.service.js';

/**
 * Mail feature (docs/architecture.md "Feature modules"): SMTP via nodemailer, or the development
 * outbox without SMTP_URL. Exports {@link MailService} (sending, and ListOutbox for the gRPC adapter).
 */
@Module({
  providers: [MailService],
  exports: [MailService],
})
export class MailModule {}
