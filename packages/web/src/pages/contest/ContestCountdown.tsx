import { Slider, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { CONTEST_STATUS, splitDuration, type CountdownView } from './clock/contest-clock';

const COLORS: Record<number, string> = { [-1]: '#1677ff', 0: '#19be6b', 1: '#ed3f14' };

/**
 * The header's progress slider and countdown (spec part 1 §2): time elapsed on the slider, and
 * "starts in" / "ends in" / "ended" beside it, ticking every second of the server's clock.
 */
export function ContestCountdown({ clock }: { clock: CountdownView }) {
  const { t } = useTranslation();
  const words = (seconds: number) => {
    const { days, clock: hms } = splitDuration(seconds);
    return days > 0 ? t('contest.duration.days', { count: days, clock: hms }) : hms;
  };
  const text =
    clock.status === CONTEST_STATUS.scheduled
      ? t('contest.countdown.startsIn', { time: words(clock.secondsLeft) })
      : clock.status === CONTEST_STATUS.running
        ? t('contest.countdown.endsIn', { time: words(clock.secondsLeft) })
        : t('contest.countdown.ended');
  return (
    <div className="contest-clock">
      <Slider
        className="contest-clock__slider"
        value={clock.progress}
        step={0.001}
        tooltip={{ formatter: () => words(clock.elapsedSeconds) }}
        aria-label={t('contest.countdown.progress')}
        styles={{ track: { background: '#19be6b' } }}
      />
      <div className="contest-clock__text">
        <Tag
          className="contest-countdown"
          data-status={clock.status}
          role="timer"
          aria-live="off"
          style={{ color: COLORS[clock.status], borderColor: COLORS[clock.status] }}
        >
          {text}
        </Tag>
      </div>
    </div>
  );
}
