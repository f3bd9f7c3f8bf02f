import { OrderedListOutlined, PlayCircleOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Card, Form, Input, InputNumber, Modal, Spin, Switch, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getContestRank } from '../../../api/contest-rank';
import { useContestContext } from '../contest-context';
import { CONTEST_STATUS } from '../clock/contest-clock';
import { defaultMedals, scrollBoardUrl } from './board-rules';

interface ScrollBoardFormProps {
  cid: number;
  ended: boolean;
}

/**
 * The scroll-board settings (spec part 1 §2 "Contest rank", §9 default medals): the contest id
 * (read-only), the gold, silver and bronze counts (10%, 20%, 30% of the ranked users without star
 * users, rounded down, until edited), the remove-star switch, and Start Rolling, which asks first
 * if the contest has not ended and opens /scrollBoard in a new window.
 */
export function ScrollBoardForm({ cid, ended }: ScrollBoardFormProps) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  // The ranked users without star users: the real board's total (reference §9.3, §9.6).
  const ranked = useQuery({
    queryKey: ['contest-rank', 'scroll-medals', cid],
    queryFn: () =>
      getContestRank({
        cid,
        currentPage: 1,
        limit: 10,
        forceRefresh: true,
        removeStar: true,
        containsEnd: false,
        concernedList: [],
      }),
    staleTime: 30_000,
  });
  const [medals, setMedals] = useState<[number, number, number] | null>(null);
  const [removeStar, setRemoveStar] = useState(true);
  useEffect(() => {
    if (ranked.data && medals === null) setMedals(defaultMedals(ranked.data.total));
  }, [ranked.data, medals]);
  const shown = medals ?? [0, 0, 0];
  const setMedal = (index: 0 | 1 | 2, value: number | null) => {
    const next: [number, number, number] = [...shown];
    next[index] = Math.max(0, Math.floor(value ?? 0));
    setMedals(next);
  };

  const open = () => window.open(scrollBoardUrl(cid, removeStar, shown), '_blank', 'noopener');
  const start = () => {
    if (ended) {
      open();
      return;
    }
    modal.confirm({
      title: t('contestRank.scroll.notEndedTitle'),
      content: t('contestRank.scroll.notEnded'),
      okText: t('contestRank.scroll.start'),
      cancelText: t('contestRank.scroll.cancel'),
      onOk: open,
    });
  };

  const names = ['gold', 'silver', 'bronze'] as const;
  return (
    <Spin spinning={ranked.isLoading}>
      <Form layout="vertical" className="scroll-config" requiredMark={false}>
        <Form.Item label={t('contestRank.scroll.cid')} htmlFor="scroll-config-cid">
          <Input id="scroll-config-cid" value={String(cid)} readOnly disabled />
        </Form.Item>
        <div className="scroll-config__medals">
          {names.map((name, index) => (
            <Form.Item key={name} label={t(`contestRank.scroll.${name}`)} htmlFor={`scroll-config-${name}`}>
              <InputNumber
                id={`scroll-config-${name}`}
                className={`scroll-config__medal scroll-config__medal--${name}`}
                min={0}
                precision={0}
                value={shown[index]}
                onChange={(value) => setMedal(index as 0 | 1 | 2, value)}
              />
            </Form.Item>
          ))}
        </div>
        <Typography.Paragraph type="secondary" className="scroll-config__hint">
          {t('contestRank.scroll.medalHint', { count: ranked.data?.total ?? 0 })}
        </Typography.Paragraph>
        <Form.Item label={t('contestRank.scroll.removeStar')} htmlFor="scroll-config-remove-star">
          <Switch id="scroll-config-remove-star" checked={removeStar} onChange={setRemoveStar} />
        </Form.Item>
        <Button type="primary" icon={<PlayCircleOutlined />} onClick={start} disabled={medals === null}>
          {t('contestRank.scroll.start')}
        </Button>
      </Form>
    </Spin>
  );
}

/** The rank tab's button and dialog for the scroll board (contest admins, ACM contests). */
export function ScrollBoardButton({ cid, ended }: ScrollBoardFormProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button icon={<OrderedListOutlined />} onClick={() => setOpen(true)}>
        {t('contestRank.scroll.button')}
      </Button>
      <Modal
        open={open}
        title={t('contestRank.scroll.title')}
        onCancel={() => setOpen(false)}
        footer={null}
        destroyOnHidden
      >
        <ScrollBoardForm cid={cid} ended={ended} />
      </Modal>
    </>
  );
}

/** The shell's Scroll Board tab (/contest/:contestID/scroll-board): the same settings in a card. */
export function ContestScrollBoardTab() {
  const { t } = useTranslation();
  const contest = useContestContext();
  return (
    <Card title={t('contestRank.scroll.title')} className="scroll-config-card">
      <ScrollBoardForm cid={contest.cid} ended={contest.facts?.status === CONTEST_STATUS.ended} />
    </Card>
  );
}
