import confetti from 'canvas-confetti';
import { useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';

/** Spec part 1 §4, §9: the congratulation shows for about 3 s. */
export const CELEBRATION_MS = 3000;

function Trophy() {
  return (
    <svg viewBox="0 0 200 200" role="presentation">
      <circle cx="100" cy="100" r="92" fill="#fff7e0" />
      <path d="M62 40h76v34c0 26-17 44-38 44S62 100 62 74z" fill="#f7b500" />
      <path
        d="M62 50H40c0 24 12 38 28 40M138 50h22c0 24-12 38-28 40"
        fill="none"
        stroke="#f7b500"
        strokeWidth="8"
      />
      <rect x="90" y="116" width="20" height="24" fill="#e09a00" />
      <rect x="68" y="140" width="64" height="16" rx="4" fill="#8a5a00" />
      <text x="100" y="86" textAnchor="middle" fontSize="30" fontWeight="700" fill="#fff" fontFamily="Arial">
        AC
      </text>
      <path d="M36 30l4 9 9 1-7 6 2 9-8-5-8 5 2-9-7-6 9-1z" fill="#ffcf3f" />
      <path d="M164 24l3 7 7 1-5 5 1 7-6-4-6 4 1-7-5-5 7-1z" fill="#ffcf3f" />
      <path d="M170 150l3 6 6 1-4 4 1 6-6-3-5 3 1-6-4-4 6-1z" fill="#ffcf3f" />
    </svg>
  );
}

function Medal() {
  return (
    <svg viewBox="0 0 200 200" role="presentation">
      <circle cx="100" cy="100" r="92" fill="#e8f7ee" />
      <path d="M70 20h22l20 56H90z" fill="#1677ff" />
      <path d="M130 20h-22L88 76h22z" fill="#ff4d4f" />
      <circle cx="100" cy="118" r="48" fill="#19be6b" />
      <circle cx="100" cy="118" r="38" fill="#34d17f" stroke="#fff" strokeWidth="4" />
      <path
        d="M80 118l14 14 28-30"
        fill="none"
        stroke="#fff"
        strokeWidth="10"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

function Rocket() {
  return (
    <svg viewBox="0 0 200 200" role="presentation">
      <circle cx="100" cy="100" r="92" fill="#eef3ff" />
      <path d="M100 24c26 18 36 50 30 86H70c-6-36 4-68 30-86z" fill="#5b8def" />
      <circle cx="100" cy="68" r="14" fill="#fff" />
      <circle cx="100" cy="68" r="8" fill="#9cc0ff" />
      <path d="M70 96l-20 26 24-4zM130 96l20 26-24-4z" fill="#ff7a45" />
      <path d="M84 112h32l-6 26h-20z" fill="#ffb020" />
      <path d="M92 140h16l-8 30z" fill="#ff4d4f" />
      <circle cx="44" cy="52" r="5" fill="#ffcf3f" />
      <circle cx="158" cy="60" r="4" fill="#ffcf3f" />
      <circle cx="150" cy="150" r="6" fill="#ffcf3f" />
    </svg>
  );
}

const IMAGES = [Trophy, Medal, Rocket];

/** Confetti from both sides plus one burst from the middle, on a canvas of our own. */
function fireConfetti(canvas: HTMLCanvasElement, durationMs: number): () => void {
  const fire = confetti.create(canvas, { resize: true, useWorker: false, disableForReducedMotion: true });
  const end = Date.now() + durationMs;
  let frame = 0;
  void fire({ particleCount: 120, spread: 90, startVelocity: 45, origin: { y: 0.6 } });
  const step = () => {
    void fire({ particleCount: 3, angle: 60, spread: 55, origin: { x: 0, y: 0.7 } });
    void fire({ particleCount: 3, angle: 120, spread: 55, origin: { x: 1, y: 0.7 } });
    if (Date.now() < end) frame = requestAnimationFrame(step);
  };
  frame = requestAnimationFrame(step);
  canvas.dataset.fired = 'true';
  return () => {
    cancelAnimationFrame(frame);
    fire.reset();
  };
}

/**
 * Spec part 1 §4: on Accepted a congratulation image (one of three at random) and confetti, for
 * about 3 s; then `onDone`. Rendered over the page without catching clicks.
 */
export function Celebration({ run, onDone }: { run: number; onDone: () => void }) {
  const { t } = useTranslation();
  const canvas = useRef<HTMLCanvasElement | null>(null);
  const [image] = useState(() => Math.floor(Math.random() * IMAGES.length));
  const done = useRef(onDone);
  done.current = onDone;

  useEffect(() => {
    const stopConfetti = canvas.current
      ? fireConfetti(canvas.current, CELEBRATION_MS - 600)
      : () => undefined;
    const timer = setTimeout(() => done.current(), CELEBRATION_MS);
    return () => {
      clearTimeout(timer);
      stopConfetti();
    };
  }, [run]);

  const Image = IMAGES[image]!;
  return createPortal(
    <div className="celebration" role="status" aria-live="polite">
      <canvas ref={canvas} className="celebration__confetti" aria-hidden="true" />
      <div className="celebration__card">
        <div className="celebration__image" data-image={image}>
          <Image />
        </div>
        <div className="celebration__text">{t('problem.submit.congratulations')}</div>
      </div>
    </div>,
    document.body,
  );
}
