import { ArrowRightOutlined, CheckOutlined, ReloadOutlined } from '@ant-design/icons';
import type { SlideChallenge } from '@verdict/shared';
import { Button, Spin } from 'antd';
import { useCallback, useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { getSlideChallenge } from '../../api/account';
import { draggedLeft, maxPieceLeft, slideAnswer, slideScale } from './slide-geometry';
import './slide-verify.css';
import { useElementWidth } from '../use-element-width';

export interface SlideAnswer {
  slideKey: string;
  slideX: number;
}

interface SlideVerifyProps {
  /** A new value draws a new challenge: the server takes each one for a single login attempt. */
  round: number;
  /** The user let go of the piece; the answer goes into the login body. */
  onSolved(answer: SlideAnswer): void;
  /** A login with the answer is on its way. */
  busy?: boolean;
}

interface Drag {
  pointerId: number;
  startPointerX: number;
  startLeft: number;
}

/** Keyboard users move the piece with the arrow keys (Shift: 10 pixels) and confirm with Enter. */
const KEY_STEP = { plain: 1, shift: 10 };

/**
 * The slide verification of spec part 1 §4: the server draws a background with a hole and the
 * piece that fits it; the user drags the piece (or the handle under it) along x until it fills
 * the hole. Letting go hands the answer to the login form.
 */
export function SlideVerify({ round, onSolved, busy = false }: SlideVerifyProps) {
  const { t } = useTranslation();
  const [containerRef, width] = useElementWidth<HTMLDivElement>();
  const [challenge, setChallenge] = useState<SlideChallenge | null>(null);
  const [reloads, setReloads] = useState(0);
  const [left, setLeft] = useState(0);
  const [solved, setSolved] = useState(false);
  const drag = useRef<Drag | null>(null);

  const reload = useCallback(() => setReloads((count) => count + 1), []);

  useEffect(() => {
    let current = true;
    setChallenge(null);
    setLeft(0);
    setSolved(false);
    getSlideChallenge().then(
      (next) => {
        if (current) setChallenge(next);
      },
      () => undefined, // the API client has shown why; the refresh button stays
    );
    return () => {
      current = false;
    };
  }, [round, reloads]);

  // An expired challenge would be refused: draw a fresh one in time.
  useEffect(() => {
    if (!challenge) return;
    const timer = setTimeout(reload, challenge.expire * 1000);
    return () => clearTimeout(timer);
  }, [challenge, reload]);

  const scale = slideScale(width, challenge?.width ?? 300);
  const imageWidth = (challenge?.width ?? 300) * scale;
  const imageHeight = (challenge?.height ?? 150) * scale;
  const pieceSize = (challenge?.pieceSize ?? 44) * scale;
  const maxLeft = challenge ? maxPieceLeft(challenge.width, challenge.pieceSize, scale) : 0;
  const locked = !challenge || solved || busy;

  const finish = (finalLeft: number) => {
    if (!challenge || finalLeft <= 0) return;
    setSolved(true);
    onSolved({ slideKey: challenge.slideKey, slideX: slideAnswer(finalLeft, scale) });
  };

  const dragHandlers = {
    onPointerDown(event: PointerEvent<HTMLElement>) {
      if (locked) return;
      event.preventDefault();
      event.currentTarget.setPointerCapture(event.pointerId);
      drag.current = { pointerId: event.pointerId, startPointerX: event.clientX, startLeft: left };
    },
    onPointerMove(event: PointerEvent<HTMLElement>) {
      const current = drag.current;
      if (!current || current.pointerId !== event.pointerId) return;
      setLeft(draggedLeft(current.startLeft, current.startPointerX, event.clientX, maxLeft));
    },
    onPointerUp(event: PointerEvent<HTMLElement>) {
      const current = drag.current;
      if (!current || current.pointerId !== event.pointerId) return;
      drag.current = null;
      const finalLeft = draggedLeft(current.startLeft, current.startPointerX, event.clientX, maxLeft);
      setLeft(finalLeft);
      finish(finalLeft);
    },
    onPointerCancel() {
      drag.current = null;
      setLeft(0);
    },
  };

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (locked) return;
    const step = event.shiftKey ? KEY_STEP.shift : KEY_STEP.plain;
    if (event.key === 'ArrowRight') setLeft(Math.min(maxLeft, left + step));
    else if (event.key === 'ArrowLeft') setLeft(Math.max(0, left - step));
    else if (event.key === 'Enter' || event.key === ' ') finish(left);
    else return;
    event.preventDefault();
  };

  return (
    <div className="slide-verify" ref={containerRef}>
      <div className="slide-verify-title">{t('account.slide.title')}</div>
      <div className="slide-verify-image" style={{ width: imageWidth, height: imageHeight }}>
        {challenge ? (
          <>
            <img src={challenge.background} alt={t('account.slide.imageAlt')} draggable={false} />
            <img
              {...dragHandlers}
              className="slide-verify-piece"
              src={challenge.piece}
              alt=""
              draggable={false}
              style={{ left, top: challenge.y * scale, width: pieceSize, height: pieceSize }}
            />
          </>
        ) : (
          <Spin className="slide-verify-loading" />
        )}
        {busy ? (
          <div className="slide-verify-busy">
            <Spin description={t('account.slide.verifying')} />
          </div>
        ) : null}
        <Button
          className="slide-verify-refresh"
          size="small"
          shape="circle"
          icon={<ReloadOutlined />}
          aria-label={t('account.slide.refresh')}
          title={t('account.slide.refresh')}
          disabled={busy}
          onClick={reload}
        />
      </div>
      <div
        className={solved ? 'slide-verify-track slide-verify-track--solved' : 'slide-verify-track'}
        style={{ width: imageWidth }}
      >
        <div className="slide-verify-fill" style={{ width: left + pieceSize / 2 }} />
        <span className="slide-verify-hint">{t('account.slide.hint')}</span>
        <div
          {...dragHandlers}
          role="slider"
          tabIndex={locked ? -1 : 0}
          aria-label={t('account.slide.handle')}
          aria-valuemin={0}
          aria-valuemax={Math.round(maxLeft)}
          aria-valuenow={Math.round(left)}
          aria-disabled={locked}
          className="slide-verify-handle"
          style={{ left, width: pieceSize }}
          onKeyDown={onKeyDown}
        >
          {solved ? <CheckOutlined /> : <ArrowRightOutlined />}
        </div>
      </div>
    </div>
  );
}
