import { useQuery } from '@tanstack/react-query';
import { SITE_SCOPE, type EditorScope } from '@verdict/shared';
import { Card, Form } from 'antd';
import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import {
  createProblem,
  getAdminProblem,
  getAllTags,
  getLanguages,
  getProblemCases,
  getProblemCodeTemplates,
  getProblemLanguages,
  getProblemTags,
  updateProblem,
  type AdminProblem,
  type ProblemCaseRow,
  type ProblemDtoBody,
  type TagRow,
} from '../../api/admin-problem';
import { EditorPageHead } from '../common/editor/EditorPageHead';
import { LoadFailedResult } from '../common/editor/LoadFailedResult';
import { NotFoundResult } from '../common/editor/NotFoundResult';
import { useEditorForm } from '../common/editor/use-editor-form';
import { useRouteId } from '../common/editor/use-route-id';
import { FormSaveFooter } from '../common/FormSaveFooter';
import { PageLoading } from '../../components/PageLoading';
import { useSession } from '../../store/session';
import { BasicSection } from './form/BasicSection';
import { JudgingSection } from './form/JudgingSection';
import { LanguagesSection } from './form/LanguagesSection';
import {
  baselineOf,
  defaultProblemForm,
  formFromProblem,
  toProblemDto,
  validateProblemForm,
  type CheckerBaseline,
  type CompileResult,
  type FormError,
  type FormField,
  type ProblemAuthValue,
  type ProblemFormState,
  type SavedProblem,
} from './form/problem-form';
import { ExamplesSection, StatementSection } from './form/StatementSection';
import { TestCasesSection } from './form/TestCasesSection';
import { mayPublish } from './permissions';
import './admin-problem.css';
import { toast } from '../../feedback/toast';

/** Everything the edit form needs of a saved problem, read in parallel once the problem is known. */
async function loadSavedProblem(pid: number, target: ProblemEditTarget): Promise<SavedProblem> {
  const problem = await target.loadProblem(pid);
  const [cases, tags, languages, templates] = await Promise.all([
    (target.loadCases ?? getProblemCases)(pid, problem.isUploadCase),
    getProblemTags(pid),
    getProblemLanguages(pid),
    getProblemCodeTemplates(pid),
  ]);
  const shown = target.idPrefix
    ? { ...problem, problemId: withoutPrefix(problem.problemId, target.idPrefix) }
    : problem;
  return { problem: shown, cases, tags, languageIds: languages.map((l) => l.id), templates };
}

/** A group problem's id without its group's short name (spec part 2 §3: stripped on edit, prepended on save). */
function withoutPrefix(problemId: string, prefix: string): string {
  return problemId.toUpperCase().startsWith(prefix.toUpperCase())
    ? problemId.slice(prefix.length)
    : problemId;
}

export const ADMIN_PROBLEM_LIST_PATH = '/admin/problems';

/**
 * Where the problem form loads from and saves to: the public bank by default; the contest problem
 * screens (spec part 2 §2.7 contest/:contestId/problem/...) give their calls, an auth of 3 for a new
 * problem and a card of their own fields (display id and title), checked before the problem's.
 */
export interface ProblemEditTarget {
  /** where Back, Cancel and a successful save go */
  listPath: string;
  backLabel?: string;
  loadProblem: (pid: number) => Promise<AdminProblem>;
  /** creates (pid null) or updates the problem and whatever the target keeps beside it */
  save: (body: ProblemDtoBody, pid: number | null) => Promise<void>;
  newAuth?: ProblemAuthValue;
  /** a card of the target's own fields above the form; `submitted` once a save was tried */
  header?: (submitted: boolean) => ReactNode;
  /** messages of the header's fields, shown first; any of them stops the save */
  ownErrors?: () => string[];
  /**
   * Whose problem (issue 27): the site's by default; in a group's scope test cases are uploaded and
   * checkers compiled with its `gid`, and the auth is the group's business (any of 1, 2, 3 is the
   * group admin's choice, reference §3.10 change-problem-auth).
   */
  scope?: EditorScope;
  /** the problem to edit (null: a new one) when the editor is not on a path naming it */
  pid?: number | null;
  /** reads the saved problem's cases (the admin call by default) */
  loadCases?: (pid: number, isUpload: boolean) => Promise<ProblemCaseRow[]>;
  /** the tags the picker offers (the site's by default) */
  loadTags?: () => Promise<TagRow[]>;
  /** shown before the problem id and left out of it in the form (a group's short name) */
  idPrefix?: string;
}

const BANK_TARGET: ProblemEditTarget = {
  listPath: ADMIN_PROBLEM_LIST_PATH,
  loadProblem: getAdminProblem,
  save: async (body, pid) => {
    if (pid) await updateProblem(body);
    else await createProblem(body);
  },
};

/** /admin/problem/create and /admin/problem/edit/:problemId (spec part 2 §2.7); remounted per path. */
export function ProblemEditPage() {
  const { pathname } = useLocation();
  return <ProblemEditor key={pathname} />;
}

/** The full problem form; `target` says where it loads from and saves to (the bank by default). */
export function ProblemEditor({ target = BANK_TARGET }: { target?: ProblemEditTarget }) {
  const { t } = useTranslation();
  const { userInfo } = useSession();
  const routeId = useRouteId('problemId');
  const {
    editing,
    id: pid,
    valid: validPid,
  } = target.pid === undefined ? routeId : { editing: target.pid !== null, id: target.pid, valid: true };
  const scope = target.scope ?? SITE_SCOPE;
  const gid = scope.kind === 'group' ? scope.gid : undefined;
  const publish = gid !== undefined || mayPublish(userInfo);

  const languages = useQuery({
    queryKey: ['languages', 'local'],
    queryFn: getLanguages,
    staleTime: 5 * 60_000,
  });
  const knownTags = useQuery({
    queryKey: ['admin-problem', 'tags', gid ?? 'ME'],
    queryFn: target.loadTags ?? (() => getAllTags('ME')),
  });
  const saved = useQuery({
    queryKey: ['admin-problem', 'detail', gid ?? 0, pid],
    queryFn: () => loadSavedProblem(pid!, target),
    enabled: editing && validPid,
    staleTime: 0,
    gcTime: 0,
  });

  const { form, start, update, submitted, saving, saveError, save } = useEditorForm<ProblemFormState>();
  const [baseline, setBaseline] = useState<CheckerBaseline | null>(null);
  const [compiled, setCompiled] = useState<CompileResult | null>(null);

  // The form starts from the saved problem (edit) or the defaults (create), once its data is here.
  const localLanguages = useMemo(() => (languages.data ?? []).filter((l) => l.oj === 'ME'), [languages.data]);
  if (form === null && languages.data && (!editing || saved.data)) {
    const initial = saved.data
      ? formFromProblem(saved.data, localLanguages)
      : // only root and problem admins publish (reference §3.12): others start from a private problem
        {
          ...defaultProblemForm(localLanguages),
          auth: target.newAuth ?? (publish ? (1 as const) : (2 as const)),
        };
    start(initial);
    setBaseline(saved.data ? baselineOf(initial) : null);
  }

  const languageNames = useMemo(
    () => Object.fromEntries(localLanguages.map((l) => [l.id, l.name])) as Record<number, string>,
    [localLanguages],
  );
  const context = { languageNames, checkerBaseline: baseline, compiled };
  const allErrors: FormError[] = form && submitted ? validateProblemForm(form, context) : [];
  const ownErrors = submitted ? (target.ownErrors?.() ?? []) : [];
  const messageOf = (error: FormError) => t(`adminProblem.errors.${error.key}`, error.params ?? {});
  const errorTexts = [...ownErrors, ...allErrors.map(messageOf)];
  const fieldErrors: Partial<Record<FormField, string>> = {};
  for (const error of allErrors) fieldErrors[error.field] ??= messageOf(error);

  if (!validPid) return <NotFoundResult backTo={target.listPath} backLabel={t('adminProblem.form.back')} />;
  const failed = languages.isError || (editing && saved.isError);
  if (failed) {
    return (
      <LoadFailedResult
        title={t('adminProblem.common.loadFailed')}
        retryLabel={t('adminProblem.common.retry')}
        onRetry={() => {
          void languages.refetch();
          if (editing) void saved.refetch();
        }}
      />
    );
  }
  if (!form) return <PageLoading />;

  const onSave = () =>
    void save({
      errors: [...(target.ownErrors?.() ?? []), ...validateProblemForm(form, context).map(messageOf)],
      firstError: '.ap-page .ant-form-item-has-error',
      write: async () => {
        await target.save(toProblemDto(form, { checkerBaseline: baseline }), form.id);
        toast.success(t(form.id ? 'adminProblem.common.updated' : 'adminProblem.common.created'));
      },
      staleKey: ['admin-problem'],
      listPath: target.listPath,
      failText: t('adminProblem.form.saveFailed'),
    });

  const sectionProps = { form, update, errors: fieldErrors };
  const heading = form.id
    ? t('adminProblem.form.editTitle', {
        problemId: `${target.idPrefix ?? ''}${saved.data?.problem.problemId ?? ''}`,
      })
    : t('adminProblem.form.createTitle');

  return (
    <div className="ap-page">
      <EditorPageHead
        title={heading}
        backTo={target.listPath}
        backLabel={target.backLabel ?? t('adminProblem.form.back')}
      />
      {target.header?.(submitted)}
      <Form layout="vertical" component="div" className="ap-form">
        <Card className="ap-section" title={t('adminProblem.form.sections.basic')}>
          <BasicSection
            {...sectionProps}
            knownTags={knownTags.data ?? []}
            tagsLoading={knownTags.isLoading}
            mayPublish={publish}
            idPrefix={target.idPrefix}
          />
        </Card>
        <Card className="ap-section" title={t('adminProblem.form.sections.statement')}>
          <StatementSection {...sectionProps} />
        </Card>
        <Card className="ap-section" title={t('adminProblem.form.sections.examples')}>
          <ExamplesSection {...sectionProps} />
        </Card>
        <Card className="ap-section" title={t('adminProblem.form.sections.testCases')}>
          <TestCasesSection {...sectionProps} gid={gid} />
        </Card>
        <Card className="ap-section" title={t('adminProblem.form.sections.judging')}>
          <JudgingSection
            {...sectionProps}
            baseline={baseline}
            compiled={compiled}
            onCompiled={setCompiled}
            gid={gid}
          />
        </Card>
        <Card className="ap-section" title={t('adminProblem.form.sections.languages')}>
          <LanguagesSection {...sectionProps} languages={localLanguages} />
        </Card>
      </Form>
      <FormSaveFooter
        errors={errorTexts}
        saveError={saveError}
        saving={saving}
        onSave={onSave}
        cancelTo={target.listPath}
        texts={{
          fixErrors: t('adminProblem.form.fixErrors'),
          saveFailed: t('adminProblem.form.saveFailed'),
          save: t('adminProblem.common.save'),
          saving: t('adminProblem.form.saving'),
          cancel: t('adminProblem.common.cancel'),
        }}
      />
    </div>
  );
}
