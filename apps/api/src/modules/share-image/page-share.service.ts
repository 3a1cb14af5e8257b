import { BRAND } from '@uplift/core/brand';
import { withVia } from '@uplift/core/share';
import type { Executor } from '../../db/client.ts';
import { findPosterFacts } from './page-poster.repository.ts';
import { renderPosterPdf, renderQrPng, renderQrSvg } from './page-poster.render.ts';

// A public page's QR code and poster (docs/decisions/164). The code carries the page's address with
// its channel (`?via=qr`, `?via=poster`), so a gift made from a scan says where it came from.

export type PageShareDeps = { db: Executor; appUrl: string };

const pageUrl = (deps: PageShareDeps, slug: string) => `${deps.appUrl}/p/${slug}`;

/** The page's QR code, PNG or SVG; undefined when the page is not public. */
export async function pageQr(deps: PageShareDeps, slug: string, format: 'png' | 'svg'): Promise<Buffer | string | undefined> {
  const facts = await findPosterFacts(deps.db, slug, false);
  if (!facts) return undefined;
  const url = withVia(pageUrl(deps, facts.slug), 'qr');
  return format === 'png' ? renderQrPng(url) : renderQrSvg(url);
}

/** The page's A4 poster (PDF) and its file name; undefined when the page is not public. */
export async function pagePoster(deps: PageShareDeps, slug: string): Promise<{ pdf: Buffer; filename: string } | undefined> {
  const facts = await findPosterFacts(deps.db, slug, true);
  if (!facts) return undefined;
  const pdf = await renderPosterPdf(facts, withVia(pageUrl(deps, facts.slug), 'poster'), BRAND.product);
  return { pdf, filename: `${BRAND.product.toLowerCase()}-poster-${facts.slug}.pdf` };
}
