/**
 * The words of the shared admin CRUD pieces. Each screen passes its own (the content screens and
 * the tag screen word their toasts differently, and users' tests match on them).
 */
export interface CrudTexts {
  save: string;
  cancel: string;
  edit: string;
  delete: string;
  refresh: string;
  created: string;
  updated: string;
  deleted: string;
  /** shown in the dialog when a save fails without a server message */
  saveFailed: string;
}
