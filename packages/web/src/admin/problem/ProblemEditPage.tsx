import { useQuery } from '@tanstack/react-query';
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
  type ProblemDtoBody,
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
async function loadSavedProblem(
  pid: number,
  loadProblem: (pid: number) => Promise<AdminProblem>,
): Promise<SavedProblem> {
  const problem = await loadProblem(pid);
  const [cases, tags, languages, templates] = await Promise.all([
    getProblemCases(pid, problem.isUploadCase),
    getProblemTags(pid),
    getProblemLanguages(pid),
    getProblemCodeTemplates(pid),
  ]);
  return { problem, cases, tags, languageIds: languages.map((l) => l.id), templates };
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
  const { editing, id: pid, valid: validPid } = useRouteId('problemId');

  const languages = useQuery({
    queryKey: ['languages', 'local'],
    queryFn: getLanguages,
    staleTime: 5 * 60_000,
  });
  const knownTags = useQuery({ queryKey: ['admin-problem', 'tags', 'ME'], queryFn: () => getAllTags('ME') });
  const saved = useQuery({
    queryKey: ['admin-problem', 'detail', pid],
    queryFn: () => loadSavedProblem(pid!, target.loadProblem),
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
          auth: target.newAuth ?? (mayPublish(userInfo) ? (1 as const) : (2 as const)),
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
    ? t('adminProblem.form.editTitle', { problemId: saved.data?.problem.problemId ?? '' })
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
            mayPublish={mayPublish(userInfo)}
          />
        </Card>
        <Card className="ap-section" title={t('adminProblem.form.sections.statement')}>
          <StatementSection {...sectionProps} />
        </Card>
        <Card className="ap-section" title={t('adminProblem.form.sections.examples')}>
          <ExamplesSection {...sectionProps} />
        </Card>
        <Card className="ap-section" title={t('adminProblem.form.sections.testCases')}>
          <TestCasesSection {...sectionProps} />
        </Card>
        <Card className="ap-section" title={t('adminProblem.form.sections.judging')}>
          <JudgingSection
            {...sectionProps}
            baseline={baseline}
            compiled={compiled}
            onCompiled={setCompiled}
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
