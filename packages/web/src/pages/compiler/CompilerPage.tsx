import { BulbOutlined, CodeOutlined, QuestionCircleOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { JudgeStatus } from '@verdict/shared';
import { Alert, Badge, Card, Collapse, Empty, Skeleton, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { getLocalLanguages, type Language } from '../../api/problem';
import { CodeEditor } from '../../components/code-editor';
import { JudgeStatusTag, statusInfo, type StatusKey } from '../../components/judge-status';
import './compiler.css';

/** Spec part 2 §2.5: the results explained, in this order. */
const EXPLAINED: number[] = [
  JudgeStatus.PENDING,
  JudgeStatus.SUBMITTED_FAILED,
  JudgeStatus.COMPILING,
  JudgeStatus.JUDGING,
  JudgeStatus.COMPILE_ERROR,
  JudgeStatus.PRESENTATION_ERROR,
  JudgeStatus.PARTIAL_ACCEPTED,
  JudgeStatus.ACCEPTED,
  JudgeStatus.WRONG_ANSWER,
  JudgeStatus.RUNTIME_ERROR,
  JudgeStatus.TIME_LIMIT_EXCEEDED,
  JudgeStatus.MEMORY_LIMIT_EXCEEDED,
  JudgeStatus.SYSTEM_ERROR,
  JudgeStatus.CANCELLED,
];

const TIPS = ['tip1', 'tip2', 'tip3', 'tip4'] as const;

/** `{src_path}` and `{exe_path}` read better as file names. */
function readableCommand(command: string): string {
  return command.replaceAll('{src_path}', 'Main.src').replaceAll('{exe_path}', 'Main');
}

function LanguageEntry({ language }: { language: Language }) {
  const { t } = useTranslation();
  return (
    <div className="compiler-language">
      <dl className="compiler-language__facts">
        <dt>{t('problem.compiler.description')}</dt>
        <dd>{language.description || '--'}</dd>
        <dt>{t('problem.compiler.command')}</dt>
        <dd>
          {language.compileCommand ? (
            <code className="compiler-language__command">{readableCommand(language.compileCommand)}</code>
          ) : (
            <span className="compiler-language__none">{t('problem.compiler.interpreted')}</span>
          )}
        </dd>
      </dl>
      {language.template ? (
        <>
          <div className="compiler-language__label">{t('problem.compiler.template')}</div>
          <CodeEditor
            value={language.template}
            language={language.name}
            contentType={language.contentType}
            readOnly
            ariaLabel={t('problem.compiler.templateOf', { name: language.name })}
          />
        </>
      ) : null}
    </div>
  );
}

/**
 * The compiler and explanation page (spec part 2 §2.5, route /introduction): the local judge's
 * languages with description, compile command and A+B program; what each result means; and four
 * tips for getting programs accepted.
 */
export function CompilerPage() {
  const { t } = useTranslation();
  const languages = useQuery({
    queryKey: ['languages-local'],
    queryFn: getLocalLanguages,
    staleTime: 60_000,
  });
  const local = (languages.data ?? []).filter((l) => l.oj === 'ME');

  return (
    <div className="compiler-page">
      <Card
        title={
          <span>
            <CodeOutlined /> {t('problem.compiler.title')}
          </span>
        }
      >
        <p className="compiler-page__intro">{t('problem.compiler.intro')}</p>
        {languages.isPending ? (
          <Skeleton active paragraph={{ rows: 6 }} />
        ) : local.length === 0 ? (
          <Empty />
        ) : (
          <Collapse
            className="compiler-languages"
            items={local.map((language) => ({
              key: String(language.id),
              label: (
                <span className="compiler-languages__label">
                  <strong>{language.name}</strong>
                  <span className="compiler-languages__desc">{language.description}</span>
                  {language.available === false ? (
                    <Badge status="default" text={t('problem.compiler.offline')} />
                  ) : (
                    <Badge status="success" text={t('problem.compiler.online')} />
                  )}
                </span>
              ),
              children: <LanguageEntry language={language} />,
            }))}
          />
        )}
      </Card>

      <Card
        title={
          <span>
            <QuestionCircleOutlined /> {t('problem.compiler.results')}
          </span>
        }
      >
        <dl className="result-explanations">
          {EXPLAINED.map((code) => (
            <div className="result-explanations__row" key={code}>
              <dt>
                <JudgeStatusTag status={code} />
                <Tag className="result-explanations__short">{statusInfo(code).short}</Tag>
              </dt>
              <dd>{t(`problem.statusExplain.${statusInfo(code).key satisfies StatusKey}`)}</dd>
            </div>
          ))}
        </dl>
      </Card>

      <Card
        title={
          <span>
            <BulbOutlined /> {t('problem.compiler.tips')}
          </span>
        }
      >
        <ol className="compiler-tips">
          {TIPS.map((tip) => (
            <li key={tip}>
              <Alert type="info" title={t(`problem.compiler.${tip}`)} />
            </li>
          ))}
        </ol>
      </Card>
    </div>
  );
}
