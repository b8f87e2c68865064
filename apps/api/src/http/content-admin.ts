import type { AdminAgent, AdminSlider, AgentForm, SliderForm } from '@shop/contract';
import type { AuditActor } from '../lib/audit-actor.ts';
import type { Shop } from '../lib/shop.ts';
import { changeAgent, changeSlide, createAgent, createSlide } from '../use-cases/content-admin.ts';
import { requireImage, withStoredImage, type Upload } from './uploads.ts';

/*
 * What the content's two doors, the API's routes (routes/content-admin.ts) and the back office's
 * page (pages/back-office/content.ts), do alike with a slide's or an agent's form: its images are
 * stored by the one upload helper (checked, re-encoded, refused on their own field) and removed
 * again when the change does not happen.
 */

/** Slides are shown up to 1600 px wide. */
const slideImage = (field: 'imageAr' | 'imageEn'): Upload => ({ folder: 'content', maxSize: 1600, field });
/** Agents' photos are small round tiles. */
const AGENT_IMAGE: Upload = { folder: 'content', maxSize: 400, field: 'image' };

/** A slide's images as posted: the Arabic one, and an English one when it differs. */
export interface SlideImages {
  imageAr?: Buffer;
  imageEn?: Buffer;
}

type Deps = Pick<Shop, 'db' | 'changes' | 'config'>;

/** Stores a slide's posted images (each optional) and makes the change with their paths. */
function withSlideImages<T>(
  shop: Deps,
  images: SlideImages,
  change: (paths: { imageAr?: string; imageEn?: string }) => Promise<T>,
): Promise<T> {
  const dir = shop.config.uploadsDir;
  return withStoredImage(dir, images.imageAr, slideImage('imageAr'), (imageAr) =>
    withStoredImage(dir, images.imageEn, slideImage('imageEn'), (imageEn) => change({ imageAr, imageEn })),
  );
}

/** A new slide: its Arabic image is required (the English home shows it when no English one is sent). */
export function addSlide(
  shop: Deps,
  by: AuditActor,
  links: SliderForm,
  images: SlideImages,
): Promise<AdminSlider> {
  requireImage(images.imageAr, 'SLIDER_IMAGE_REQUIRED', 'imageAr');
  return withSlideImages(shop, images, ({ imageAr, imageEn }) =>
    createSlide(shop, by, { ...links, imageAr: imageAr!, imageEn: imageEn ?? imageAr! }),
  );
}

/** A slide's links (those sent) and a new image for either language; null when there is no such slide. */
export function editSlide(
  shop: Deps,
  by: AuditActor,
  id: number,
  links: Partial<SliderForm>,
  images: SlideImages,
): Promise<AdminSlider | null> {
  return withSlideImages(shop, images, (paths) =>
    changeSlide(shop, by, id, {
      ...links,
      ...(paths.imageAr && { imageAr: paths.imageAr }),
      ...(paths.imageEn && { imageEn: paths.imageEn }),
    }),
  );
}

/** A new agent with its photo (required). */
export function addAgent(
  shop: Deps,
  by: AuditActor,
  input: AgentForm,
  image: Buffer | undefined,
): Promise<AdminAgent> {
  const bytes = requireImage(image, 'AGENT_IMAGE_REQUIRED', 'image');
  return withStoredImage(shop.config.uploadsDir, bytes, AGENT_IMAGE, (path) =>
    createAgent(shop, by, { ...input, image: path }),
  );
}

/** An agent's fields, and a new photo when one is sent; null when there is no such agent. */
export function editAgent(
  shop: Deps,
  by: AuditActor,
  id: number,
  input: AgentForm,
  image: Buffer | undefined,
): Promise<AdminAgent | null> {
  return withStoredImage(shop.config.uploadsDir, image, AGENT_IMAGE, (path) =>
    changeAgent(shop, by, id, { ...input, ...(path && { image: path }) }),
  );
}
