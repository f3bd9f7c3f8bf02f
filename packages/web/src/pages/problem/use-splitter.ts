import { useCallback, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { useElementWidth } from '../../components/use-element-width';
import { clampLeftWidth, SPLITTER_PX } from './splitter';

const KEY_STEP = 0.02;

/**
 * A draggable vertical splitter: pointer drag, or the arrow keys when focused (Home/End for the
 * extremes). Answers the statement's width and the props of the handle.
 */
export function useSplitter(initialRatio = 0.5) {
  const [containerRef, width] = useElementWidth<HTMLDivElement>();
  const element = useRef<HTMLDivElement | null>(null);
  const [ratio, setRatio] = useState(initialRatio);
  const [dragging, setDragging] = useState(false);

  const ref = useCallback(
    (node: HTMLDivElement | null) => {
      element.current = node;
      containerRef(node);
    },
    [containerRef],
  );

  const leftWidth = width > 0 ? clampLeftWidth(width, ratio) : undefined;
  const available = Math.max(1, width - SPLITTER_PX);

  const ratioAt = (clientX: number) => {
    const box = element.current?.getBoundingClientRect();
    if (!box) return ratio;
    const style = getComputedStyle(element.current!);
    const left = box.left + parseFloat(style.paddingLeft || '0');
    return Math.min(Math.max((clientX - left - SPLITTER_PX / 2) / available, 0), 1);
  };

  const handleProps = {
    onPointerDown: (event: PointerEvent<HTMLDivElement>) => {
      event.preventDefault();
      event.currentTarget.setPointerCapture(event.pointerId);
      setDragging(true);
    },
    onPointerMove: (event: PointerEvent<HTMLDivElement>) => {
      if (!dragging) return;
      setRatio(ratioAt(event.clientX));
    },
    onPointerUp: (event: PointerEvent<HTMLDivElement>) => {
      if (event.currentTarget.hasPointerCapture(event.pointerId)) {
        event.currentTarget.releasePointerCapture(event.pointerId);
      }
      setDragging(false);
    },
    onPointerCancel: () => setDragging(false),
    onKeyDown: (event: KeyboardEvent<HTMLDivElement>) => {
      const current = leftWidth !== undefined ? leftWidth / available : ratio;
      let next: number | null = null;
      if (event.key === 'ArrowLeft') next = current - KEY_STEP;
      else if (event.key === 'ArrowRight') next = current + KEY_STEP;
      else if (event.key === 'Home') next = 0;
      else if (event.key === 'End') next = 1;
      if (next === null) return;
      event.preventDefault();
      setRatio(Math.min(Math.max(next, 0), 1));
    },
  };

  return {
    containerRef: ref,
    leftWidth,
    percent: leftWidth !== undefined ? (leftWidth / available) * 100 : ratio * 100,
    dragging,
    handleProps,
  };
}
