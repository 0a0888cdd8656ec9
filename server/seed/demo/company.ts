import { eq } from 'drizzle-orm'
import type { Storage } from '#server/services/files/storage.ts'
import { sanitizeRichText } from '#server/services/html.ts'
import * as s from '#server/db/schema.ts'
import { domesticAgencies, overseasAgencies } from './company/agencies.ts'
import { createFileBatch, type FileBatch } from './file-batch.ts'
import { historyData } from './company/history.ts'
import { bannerData, popupData, productBannerData, videoData } from './company/home.ts'
import { internalRules, investCategoryData, investPostData } from './company/invest.ts'
import { certificateData, patentData } from './company/patents.ts'
import { privacyPolicy } from './company/terms-privacy.ts'
import { serviceTerms } from './company/terms-service.ts'
import type { Tx } from './demo-files.ts'
import { AGENCY_TYPE, PATENT_TYPE } from '#shared/type-codes.ts'

/**
 * Company-side demo content: home page (banners, product slider, videos, popups), terms,
 * history, patents and certificates, agencies, and investor notices with their PDFs.
 * The texts live in ./company/*; this module only turns them into rows and files.
 */
export async function seedCompanyContent(tx: Tx, storage: Storage): Promise<void> {
  const files = createFileBatch(storage)
  await seedHome(tx, files)
  await seedTerms(tx)
  await seedHistory(tx)
  await seedPatents(tx, files)
  await seedAgencies(tx)
  await seedInvest(tx, files)
  await files.flush(tx)
}

const PC = { width: 1920, height: 900 }
const MOBILE = { width: 750, height: 1100 }

async function seedHome(tx: Tx, files: FileBatch) {
  await tx.insert(s.banners).values(
    bannerData.map((b, i) => {
      const image = (device: 'pc' | 'mobile', lang: 'ko' | 'en') =>
        files.svg(`banners/main-${i + 1}-${device}-${lang}.svg`, {
          ...(device === 'pc' ? PC : MOBILE),
          ...b[lang],
          hue: b.hue,
          shape: 'logo',
        })
      return {
        title: b.title,
        title_en: b.title_en,
        pc_image: image('pc', 'ko'),
        mb_image: image('mobile', 'ko'),
        pc_image_en: image('pc', 'en'),
        mb_image_en: image('mobile', 'en'),
        sort_order: i,
      }
    }),
  )
  await tx.insert(s.productBanners).values(
    productBannerData.map(({ label, ...item }, i) => ({
      ...item,
      image: files.svg(`product-banners/item-${i + 1}.svg`, {
        width: 600,
        height: 600,
        label,
        sublabel: 'DAEHAN ACTUATOR',
        hue: 200 + i * 8,
        shape: 'actuator',
      }),
      sort_order: i,
    })),
  )
  await tx.insert(s.videos).values(videoData.map((v, i) => ({ ...v, sort_order: i })))
  await tx.insert(s.popups).values(
    popupData.map((p, i) => ({
      title: p.title,
      title_en: p.title_en,
      image: p.image
        ? files.svg(`popups/popup-${i + 1}.svg`, { width: 480, height: 360, ...p.image, shape: 'actuator' })
        : null,
      description: sanitizeRichText(p.description),
      description_en: sanitizeRichText(p.description_en),
      starts_at: new Date(p.starts_at),
      ends_at: p.ends_at ? new Date(p.ends_at) : null,
      sort_order: i,
    })),
  )
}

/**
 * Version 1 of each terms type, unless the type has one already: `seed --reset` keeps the terms'
 * versions (members' consents refer to them), so seeding after it adds nothing here.
 */
async function seedTerms(tx: Tx) {
  await tx
    .insert(s.termsVersions)
    .values(
      [serviceTerms, privacyPolicy].map(({ effective_at, ...t }) => ({
        ...t,
        version: 1,
        description: sanitizeRichText(t.description),
        description_en: sanitizeRichText(t.description_en),
        effective_at: new Date(effective_at),
        published_at: new Date(effective_at),
        created_at: new Date(effective_at),
        updated_at: new Date(effective_at),
      })),
    )
    .onConflictDoNothing({ target: [s.termsVersions.type, s.termsVersions.version] })
}

async function seedHistory(tx: Tx) {
  await tx.insert(s.historyEntries).values(
    historyData.map((h, i) => ({
      ...h,
      description: sanitizeRichText(h.description),
      description_en: sanitizeRichText(h.description_en),
      sort_order: i,
    })),
  )
}

async function seedPatents(tx: Tx, files: FileBatch) {
  await tx.insert(s.patents).values(
    [...patentData, ...certificateData].map((p, i) => ({
      type: p.type,
      title: p.title,
      title_en: p.title_en,
      description: p.number,
      description_en: p.number_en,
      thumbnail: files.svg(`patents/${p.slug}-thumb.svg`, {
        width: 300,
        height: 420,
        label: p.label,
        sublabel: p.sublabel,
        hue: p.type === PATENT_TYPE.patent ? 38 : 160,
        shape: 'logo',
      }),
      path: files.pdf(`patents/${p.slug}.pdf`, p.file, p.pdf.title, p.pdf.lines),
      origin_file_name: p.file,
      origin_file_name_en: p.file_en,
      sort_order: i,
    })),
  )
}

async function seedAgencies(tx: Tx) {
  await tx
    .insert(s.agencies)
    .values([
      ...domesticAgencies.map((a, i) => ({ ...a, type: AGENCY_TYPE.domestic, sort_order: i })),
      ...overseasAgencies.map((a, i) => ({ ...a, type: AGENCY_TYPE.overseas, sort_order: i })),
    ])
}

async function seedInvest(tx: Tx, files: FileBatch) {
  const categories = await tx
    .insert(s.investCategories)
    .values(investCategoryData.map(({ type, title }, i) => ({ type, title, sort_order: i })))
    .returning({ id: s.investCategories.id })
  const categoryOf = new Map(investCategoryData.map((c, i) => [c.key, { id: categories[i]!.id, type: c.type }]))

  // Titles are unique in the data, so they pair each returned id with its post.
  const posts = await tx
    .insert(s.investPosts)
    .values(
      investPostData.map((p) => {
        const category = categoryOf.get(p.category)!
        return {
          category_id: category.id,
          type: category.type,
          title: p.title,
          created_at: new Date(`${p.date}T09:00:00+09:00`),
        }
      }),
    )
    .returning({ id: s.investPosts.id, title: s.investPosts.title })
  const idOf = new Map(posts.map((p) => [p.title, p.id]))
  if (idOf.size !== investPostData.length) throw new Error('invest post titles must be unique')

  const attachments = investPostData.flatMap((p) =>
    p.files.map((f, order) => ({
      owner_type: 'invest',
      owner_id: idOf.get(p.title)!,
      file_name: files.pdf(`invest/${f.slug}.pdf`, f.name, f.pdfTitle, f.lines),
      origin_file_name: f.name,
      icon: 'PDF',
      sort_order: order,
    })),
  )
  const rules = files.pdf(internalRules.key, internalRules.name, internalRules.pdfTitle, internalRules.lines)
  await files.flush(tx)
  await tx.insert(s.attachments).values(attachments)
  await tx
    .update(s.siteSettings)
    .set({ internal_rules_file: rules, internal_rules_title: internalRules.title })
    .where(eq(s.siteSettings.id, 1))
}
