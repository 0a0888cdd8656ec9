import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core'

/**
 * One schema for both drivers. Bilingual content follows the specification's
 * suffix naming: `name` is Korean, `name_en` is English.
 */

/** The single row (id = 1) of company facts and outside links that the layout reads. */
export const siteSettings = pgTable('site_settings', {
  id: integer('id').primaryKey().default(1),
  company_name: text('company_name').notNull(),
  company_name_en: text('company_name_en').notNull(),
  ceo: text('ceo').notNull(),
  ceo_en: text('ceo_en').notNull(),
  hq_address: text('hq_address').notNull(),
  hq_address_en: text('hq_address_en').notNull(),
  seoul_address: text('seoul_address').notNull(),
  seoul_address_en: text('seoul_address_en').notNull(),
  daegu_address: text('daegu_address').notNull(),
  daegu_address_en: text('daegu_address_en').notNull(),
  /** Business registration numbers, one per line ("label: number"). */
  business_numbers: text('business_numbers').notNull(),
  business_numbers_en: text('business_numbers_en').notNull(),
  phone: text('phone').notNull(),
  fax: text('fax').notNull(),
  vr_url_ko: text('vr_url_ko').notNull(),
  vr_url_en: text('vr_url_en').notNull(),
  vr_url_ru: text('vr_url_ru').notNull(),
  groupware_url: text('groupware_url').notNull(),
  ir_stock_url: text('ir_stock_url').notNull(),
  ir_disclosure_url: text('ir_disclosure_url').notNull(),
  updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
})

export type SiteSettings = typeof siteSettings.$inferSelect
