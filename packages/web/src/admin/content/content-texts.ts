import type { TFunction } from 'i18next';
import type { CrudTexts } from '../common/crud-texts';

/** The words the announcement and notice screens share (their edit label is their own). */
export function contentCrudTexts(t: TFunction, edit: string): CrudTexts {
  return {
    save: t('adminContent.announcement.save'),
    cancel: t('adminContent.announcement.cancel'),
    edit,
    delete: t('adminContent.announcement.delete'),
    refresh: t('adminContent.announcement.refresh'),
    created: t('adminContent.announcement.created_'),
    updated: t('adminContent.announcement.updated'),
    deleted: t('adminContent.announcement.deleted'),
    saveFailed: t('adminContent.announcement.saveFailed'),
  };
}
