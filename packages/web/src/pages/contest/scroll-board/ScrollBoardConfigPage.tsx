import { TrophyOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { defaultMedalCounts } from '@verdict/shared';
import { Alert, App, Button, Card, Form, Input, InputNumber, Switch, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getScrollBoardInfo, getScrollBoardSubmissions } from '../../../api/contest-scroll-board';
import { useContestContext } from '../contest-context';
import { CONTEST_STATUS } from '@verdict/shared';
import type { MedalCounts } from './roll';
import { scrollBoardHref } from './scroll-query';
import './scroll-board.css';

const MEDALS = ['gold', 'silver', 'bronze'] as const;

/** Users on the board who may win a medal: every submitter but the star users (spec part 2 §4). */
async function rankedCount(cid: number, removeStar: boolean): Promise<number> {
  const [info, submissions] = await Promise.all([
    getScrollBoardInfo(cid),
    getScrollBoardSubmissions(cid, removeStar),
  ]);
  const stars = new Set(info.starUserList);
  return new Set(submissions.filter((s) => !stars.has(s.username)).map((s) => s.uid)).size;
}

/**
 * The contest's Scroll Board tab (spec part 1 §2 "Scroll-board config"; contest admins of ACM
 * contests): the contest id, editable medal counts (by default 10 %, 20 % and 30 % of the ranked
 * users), the remove-star switch, and Start Rolling, which opens /scrollBoard in a new window (after
 * a confirmation while the contest has not ended).
 */
export function ScrollBoardConfigPage() {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const { cid, facts } = useContestContext();
  const ended = facts?.status === CONTEST_STATUS.ended;
  const [removeStar, setRemoveStar] = useState(false);
  const [medals, setMedals] = useState<MedalCounts | null>(null);
  const ranked = useQuery({
    queryKey: ['scroll-board-ranked', cid, removeStar],
    queryFn: () => rankedCount(cid, removeStar),
    enabled: ended,
    retry: false,
  });
  const shown = medals ?? defaultMedalCounts(ranked.data ?? 0);

  // the defaults follow the ranked count until the admin edits a count
  useEffect(() => setMedals(null), [removeStar]);

  const open = () => window.open(scrollBoardHref(cid, removeStar, shown), '_blank', 'noopener');
  const start = () => {
    if (ended) return open();
    modal.confirm({
      title: t('contestScrollBoard.config.notEnded'),
      content: t('contestScrollBoard.config.notEndedConfirm'),
      okText: t('contestScrollBoard.config.open'),
      cancelText: t('contestScrollBoard.config.cancel'),
      onOk: open,
    });
  };

  return (
    <Card
      className="scroll-board-config"
      title={
        <span>
          <TrophyOutlined /> {t('contestScrollBoard.config.title')}
        </span>
      }
    >
      {ranked.isError && (
        <Alert type="warning" showIcon message={ranked.error.message} className="scroll-board-config-alert" />
      )}
      <Form layout="vertical" className="scroll-board-config-form">
        <Form.Item label={t('contestScrollBoard.config.contestId')}>
          <Input value={cid} readOnly data-testid="scroll-config-cid" />
        </Form.Item>
        {MEDALS.map((medal) => (
          <Form.Item key={medal} label={t(`contestScrollBoard.config.${medal}`)}>
            <InputNumber
              min={0}
              precision={0}
              value={shown[medal]}
              onChange={(v) => setMedals({ ...shown, [medal]: Math.max(0, Math.floor(v ?? 0)) })}
              data-testid={`scroll-config-${medal}`}
            />
          </Form.Item>
        ))}
        <Form.Item label={t('contestScrollBoard.config.removeStar')}>
          <Switch checked={removeStar} onChange={setRemoveStar} data-testid="scroll-config-remove-star" />
        </Form.Item>
        <Typography.Paragraph type="secondary">
          {t('contestScrollBoard.config.defaultsHint')}
          {ranked.data !== undefined && <> {t('contestScrollBoard.config.ranked', { count: ranked.data })}</>}
        </Typography.Paragraph>
        <Button type="primary" onClick={start} data-testid="scroll-config-start">
          {t('contestScrollBoard.config.start')}
        </Button>
      </Form>
    </Card>
  );
}
