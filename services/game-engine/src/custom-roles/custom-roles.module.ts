import { Module } from '@nestjs/common';
import { CustomRolesSource } from './custom-roles.source.js';

/** The admin service's custom roles for new lobbies (docs/rules.md "Custom roles"). Exports CustomRolesSource. */
@Module({ providers: [CustomRolesSource], exports: [CustomRolesSource] })
export class CustomRolesModule {}
