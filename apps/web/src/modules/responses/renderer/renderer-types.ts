import type {
  AnswerInput,
  AnswerOutput,
  FormDefinition,
  FormGroup,
  FormQuestion,
} from '@licensure/contracts';

/**
 * How the renderer is used:
 * - `fill`: an applicant (or staff) answers a response; saving goes through `onSave`.
 * - `preview`: the builder shows the form as the applicant will see it; answers live in local state only
 *   and nothing is saved or uploaded (Complete only runs the client validation).
 * - `read`: a response shown read-only (staff response page, a submitted response in the portal).
 */
export type RendererMode = 'fill' | 'preview' | 'read';

/** What the form needs of a definition: the tree, conditions and name (a live form or a frozen version). */
export type RenderableForm = Pick<FormDefinition, 'name' | 'pages' | 'conditions'> &
  Partial<Pick<FormDefinition, 'description'>>;

/** An answer the renderer starts from: what the API answers, or what the client sent. */
export type InitialAnswer = Pick<AnswerOutput, 'question_id'> &
  Partial<Pick<AnswerOutput, 'value' | 'signature' | 'document_id' | 'file_name' | 'document_type'>>;

/** The result of a save, as the page that owns the response reports it back to the renderer. */
export type SaveOutcome =
  | { status: 'saved'; message?: string }
  /** The server refused some answers: field errors keyed `questions.<question id>` (others are listed). */
  | { status: 'invalid'; fields: Record<string, string>; message?: string }
  | { status: 'failed'; message: string };

export interface SaveOptions {
  /** True when the applicant pressed Complete (the response is submitted). */
  complete: boolean;
  /** The page shown when saving (0-based), so a draft resumes there. */
  currentPage: number;
}

/** A file stored by `Documents/upload`, as the answer of a file question refers to it. */
export interface UploadedFile {
  document_id: string;
  file_name: string;
}

export interface FormRendererProps {
  form: RenderableForm;
  mode: RendererMode;
  /** Saved answers (a resumed draft, or the response shown read-only). */
  initialAnswers?: readonly InitialAnswer[];
  /** Staff see spot-check groups; applicants do not. */
  staff?: boolean;
  /** The page to open on (0-based; a resumed draft opens where it was left). */
  currentPage?: number;
  /** Saves the answers (fill mode). Resolves how it went; the renderer shows the errors. */
  onSave?: (answers: AnswerInput[], opts: SaveOptions) => Promise<SaveOutcome>;
  /** Uploads the file of a file question (fill mode). Rejects with an Error whose message is shown. */
  onUpload?: (question: FormQuestion, file: File) => Promise<UploadedFile>;
  /**
   * Values for a group's questions from the response's person, service or vehicle (populateGroup). When
   * given, groups with `populate_entity` offer to fill themselves in (fill mode).
   */
  onPopulate?: (group: FormGroup) => Promise<readonly { question_id: string; value: string | null }[]>;
  /** Called when the shown page changes. */
  onPageChange?: (page: number) => void;
  /** The download address of an uploaded file (links in read mode and under file questions). */
  documentHref?: (documentId: string) => string;
  /** Hides Save draft (e.g. a form the applicant may only view). Complete hides with `mode: 'read'`. */
  allowDraft?: boolean;
  /** The label of the complete button; "Complete" by default. */
  completeLabel?: string;
}
