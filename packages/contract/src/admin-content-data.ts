import type { ActionResult } from './actions.ts';
import type {
  AdminContent,
  AdminSettings,
  AdminSettingsInput,
  AgentForm,
  ImportJob,
  ImportJobList,
  ImportJobListQuery,
  InfoPageBody,
  InfoPageKind,
  SliderForm,
} from './admin-content.ts';
import type { Ok } from './errors.ts';

/** A slide's images as its form posted them: the Arabic one, and the English one when it differs. */
export interface SlideImages {
  imageAr: Blob | null;
  imageEn: Blob | null;
}

/** A change of a catalog file's job: the message to show and the job as it is now. */
export type ImportJobAnswer = ActionResult<Ok & { job: ImportJob }>;

/**
 * The back office's content (any member), settings (owners: a 403 for staff) and catalog files
 * (any member): their reads, and their changes as the API's calls make them (the same checks,
 * audit entries and answers), each answering the message to show. An image is the file the
 * page's form posted, checked, re-encoded and refused as the API's upload is.
 */
export interface BackOfficeContent {
  /** Slides, agents and info pages as the content page edits them. */
  content(): Promise<AdminContent>;
  /** The shop's settings; payment secrets only as set or not. A 403 Response for staff. */
  settings(): Promise<AdminSettings>;
  /** A page of the imports, newest first, of one status or all (a 400 Response for a bad query). */
  importJobs(query?: ImportJobListQuery): Promise<ImportJobList>;
  /** One import; null when there is no such job. */
  importJob(id: string): Promise<ImportJob | null>;

  /** Adds a slide after the others; its Arabic image is required (400 SLIDER_IMAGE_REQUIRED). */
  addSlide(input: SliderForm, images: SlideImages): Promise<ActionResult>;
  /** Changes a slide's links, and either image when one was chosen. */
  saveSlide(id: number, input: SliderForm, images: SlideImages): Promise<ActionResult>;
  removeSlide(id: number): Promise<ActionResult>;
  /** Sets the order of every slide (`ids` names each once: 400 CONTENT_ORDER_INVALID otherwise). */
  orderSlides(ids: number[]): Promise<ActionResult>;
  /** Adds an agent with their photo (required: 400 AGENT_IMAGE_REQUIRED). */
  addAgent(input: AgentForm, image: Blob | null): Promise<ActionResult>;
  /** Changes an agent, with a new photo when one was chosen. */
  saveAgent(id: number, input: AgentForm, image: Blob | null): Promise<ActionResult>;
  removeAgent(id: number): Promise<ActionResult>;
  orderAgents(ids: number[]): Promise<ActionResult>;
  /** Saves an info page's Markdown in both languages. */
  saveInfoPage(kind: InfoPageKind, body: InfoPageBody): Promise<ActionResult>;
  /** Markdown in both languages as the storefront will show it (sanitized HTML); changes nothing. */
  previewInfoPage(body: InfoPageBody): Promise<{ ar: string; en: string }>;

  /** Saves what an owner changed in the settings (only the fields given; a 403 for staff). */
  saveSettings(input: AdminSettingsInput): Promise<ActionResult>;

  /** Uploads a catalog file for its dry run: the job, checked or with every problem listed. */
  checkImport(file: Blob | null, fileName: string): Promise<ImportJobAnswer>;
  /** Starts a checked job in the background. */
  startImport(id: string): Promise<ImportJobAnswer>;
  /** Gives a checked job up without importing it. */
  discardImport(id: string): Promise<ImportJobAnswer>;
  /** Runs a failed job's file again as a new job (answered), started when it passes. */
  retryImport(id: string): Promise<ImportJobAnswer>;
}
