import { jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { timestamps } from './columns.ts';

/**
 * Site configuration documents that HOJ kept in Nacos (ref §7.14): 'web' (WebConfig), 'switch'
 * (SwitchConfig) and 'email'. The shapes are owned by the services that read them.
 */
export const systemConfig = pgTable('system_config', {
  name: text('name').primaryKey(),
  value: jsonb('value').notNull(),
  gmtModified: timestamps.gmtModified,
});
