import { createRef } from 'react';
import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ScrollArea, thumbGeometry } from './ScrollArea';
import { MIN_THUMB_HEIGHT, TOUCH_STEP, WHEEL_STEP } from './scrollConstants';
import { scrollTopForThumbTop } from './scrollGeometry';

describe('scroll constants', () => {
  it('match spec §9', () => {
    expect([MIN_THUMB_HEIGHT, WHEEL_STEP, TOUCH_STEP]).toEqual([30, 20, 200]);
  });
});

describe('thumbGeometry', () => {
  const base = { viewportHeight: 100, contentHeight: 1000, trackHeight: 100 };

  it('never makes the thumb shorter than 30 px', () => {
    // Proportional height would be 100 * 100 / 1000 = 10.
    expect(thumbGeometry({ ...base, scrollTop: 0 })).toEqual({ height: 30, top: 0, visible: true });
    expect(thumbGeometry({ ...base, contentHeight: 100_000, scrollTop: 0 }).height).toBe(30);
  });

  it('is proportional when that is larger than the minimum', () => {
    expect(thumbGeometry({ ...base, contentHeight: 200, scrollTop: 0 })).toEqual({ height: 50, top: 0, visible: true });
    expect(thumbGeometry({ ...base, contentHeight: 200, scrollTop: 100 })).toEqual({ height: 50, top: 50, visible: true });
  });

  it('maps scrollTop onto the free track length', () => {
    expect(thumbGeometry({ ...base, scrollTop: 450 }).top).toBe(35); // half of 100 - 30
    expect(thumbGeometry({ ...base, scrollTop: 900 }).top).toBe(70); // bottom
    expect(thumbGeometry({ ...base, scrollTop: 5000 }).top).toBe(70); // clamped
    expect(thumbGeometry({ ...base, scrollTop: -50 }).top).toBe(0);
  });

  it('is hidden when the content fits', () => {
    expect(thumbGeometry({ ...base, contentHeight: 100, scrollTop: 0 }).visible).toBe(false);
    expect(thumbGeometry({ ...base, contentHeight: 40, scrollTop: 0 }).visible).toBe(false);
    expect(thumbGeometry({ viewportHeight: 0, contentHeight: 0, trackHeight: 0, scrollTop: 0 }).visible).toBe(false);
  });

  it('scrollTopForThumbTop inverts the position', () => {
    expect(scrollTopForThumbTop(35, base)).toBe(450);
    expect(scrollTopForThumbTop(100, base)).toBe(900);
  });
});

/** jsdom has no layout: give the scroll element a size. */
function stubLayout(el: HTMLElement, clientHeight: number, scrollHeight: number) {
  Object.defineProperty(el, 'clientHeight', { configurable: true, get: () => clientHeight });
  Object.defineProperty(el, 'scrollHeight', { configurable: true, get: () => scrollHeight });
}

function setup(props: Partial<Parameters<typeof ScrollArea>[0]> = {}) {
  const onReachEnd = jest.fn();
  const ref = createRef<HTMLDivElement>();
  const utils = render(
    <ScrollArea height={100} aria-label="Files" onReachEnd={onReachEnd} ref={ref} {...props}>
      <ul>
        {Array.from({ length: 25 }, (_, i) => (
          <li key={i}>Row {i}</li>
        ))}
      </ul>
    </ScrollArea>,
  );
  const viewport = screen.getByLabelText('Files');
  stubLayout(viewport, 100, 1000);
  const thumb = utils.container.querySelector<HTMLElement>('.ui-scroll__thumb')!;
  return { ...utils, viewport, thumb, onReachEnd, ref };
}

function touch(el: HTMLElement, type: 'touchStart' | 'touchEnd', clientY: number, clientX = 50) {
  const list = [{ clientX, clientY, identifier: 0, target: el }];
  if (type === 'touchStart') fireEvent.touchStart(el, { touches: list, changedTouches: list });
  else fireEvent.touchEnd(el, { touches: [], changedTouches: list });
}

describe('ScrollArea', () => {
  it('exposes the scroll element through ref and keeps it natively scrollable', () => {
    const { viewport, ref, container } = setup();
    expect(ref.current).toBe(viewport);
    expect(viewport).toHaveClass('ui-scroll__viewport');
    expect(container.firstChild).toHaveStyle({ height: '100px' });
    expect(container.querySelector('.ui-scroll__track')).toHaveAttribute('aria-hidden', 'true');
  });

  it('moves exactly 20 px per wheel event, whatever the delta, and clamps', () => {
    const { viewport, thumb } = setup();
    expect(fireEvent.wheel(viewport, { deltaY: 120 })).toBe(false); // default prevented
    expect(viewport.scrollTop).toBe(20);
    fireEvent.wheel(viewport, { deltaY: 3 });
    expect(viewport.scrollTop).toBe(40);
    fireEvent.wheel(viewport, { deltaY: -500 });
    expect(viewport.scrollTop).toBe(20);
    fireEvent.wheel(viewport, { deltaY: -1 });
    fireEvent.wheel(viewport, { deltaY: -1 });
    expect(viewport.scrollTop).toBe(0);

    viewport.scrollTop = 890;
    fireEvent.wheel(viewport, { deltaY: 1 });
    expect(viewport.scrollTop).toBe(900);
    fireEvent.wheel(viewport, { deltaY: 1 });
    expect(viewport.scrollTop).toBe(900);
    // The thumb follows: minimum height, at the bottom of the 100 px track.
    expect(thumb.style.height).toBe('30px');
    expect(thumb.style.transform).toBe('translateY(70px)');
  });

  it('leaves the wheel alone when the content fits', () => {
    const { viewport } = setup();
    stubLayout(viewport, 100, 100);
    expect(fireEvent.wheel(viewport, { deltaY: 100 })).toBe(true);
    expect(viewport.scrollTop).toBe(0);
  });

  it('moves 200 px per touch swipe in the swipe direction, ignoring taps', () => {
    const { viewport } = setup();
    touch(viewport, 'touchStart', 300);
    touch(viewport, 'touchEnd', 240); // finger up: content scrolls down
    expect(viewport.scrollTop).toBe(200);
    touch(viewport, 'touchStart', 300);
    touch(viewport, 'touchEnd', 100);
    expect(viewport.scrollTop).toBe(400);
    touch(viewport, 'touchStart', 100);
    touch(viewport, 'touchEnd', 160); // finger down: content scrolls up
    expect(viewport.scrollTop).toBe(200);
    touch(viewport, 'touchStart', 100);
    touch(viewport, 'touchEnd', 104); // a tap
    expect(viewport.scrollTop).toBe(200);
  });

  it('fires onReachEnd near the bottom only, once per arrival', () => {
    const { viewport, onReachEnd } = setup();
    const scrollTo = (top: number) => {
      viewport.scrollTop = top;
      fireEvent.scroll(viewport);
    };
    scrollTo(300);
    scrollTo(859); // 41 px from the bottom
    expect(onReachEnd).not.toHaveBeenCalled();
    scrollTo(860); // 40 px: within one row
    expect(onReachEnd).toHaveBeenCalledTimes(1);
    scrollTo(900);
    expect(onReachEnd).toHaveBeenCalledTimes(1);
    scrollTo(500);
    scrollTo(900);
    expect(onReachEnd).toHaveBeenCalledTimes(2);
    // More rows arrived; still near the (new) bottom on the next scroll → fires again.
    stubLayout(viewport, 100, 1020);
    scrollTo(910);
    expect(onReachEnd).toHaveBeenCalledTimes(3);
  });

  it('honours reachEndThresholdPx and fires when the wheel reaches the end', () => {
    const { viewport, onReachEnd } = setup({ reachEndThresholdPx: 0 });
    viewport.scrollTop = 840;
    fireEvent.scroll(viewport);
    expect(onReachEnd).not.toHaveBeenCalled();
    fireEvent.wheel(viewport, { deltaY: 1 });
    fireEvent.wheel(viewport, { deltaY: 1 });
    expect(onReachEnd).not.toHaveBeenCalled();
    fireEvent.wheel(viewport, { deltaY: 1 });
    expect(viewport.scrollTop).toBe(900);
    expect(onReachEnd).toHaveBeenCalledTimes(1);
  });

  it('drags the thumb with the pointer', async () => {
    const user = userEvent.setup();
    const { viewport, thumb } = setup();
    fireEvent.scroll(viewport); // measure
    // Track 100, thumb 30: 70 px of travel cover 900 px of scrolling.
    await user.pointer([
      { keys: '[MouseLeft>]', target: thumb, coords: { clientY: 10 } },
      { target: thumb, coords: { clientY: 45 } },
    ]);
    expect(viewport.scrollTop).toBe(450);
    expect(thumb.style.transform).toBe('translateY(35px)');
    await user.pointer([{ target: thumb, coords: { clientY: 500 } }]);
    expect(viewport.scrollTop).toBe(900);
    await user.pointer([{ keys: '[/MouseLeft]', target: thumb }]);
    await user.pointer([{ target: thumb, coords: { clientY: 10 } }]);
    expect(viewport.scrollTop).toBe(900); // released: moving no longer scrolls
  });

  it('pages by one viewport when the track is clicked beside the thumb', async () => {
    const user = userEvent.setup();
    const { viewport, container } = setup();
    const track = container.querySelector<HTMLElement>('.ui-scroll__track')!;
    fireEvent.scroll(viewport);
    await user.pointer([{ keys: '[MouseLeft]', target: track, coords: { clientY: 90 } }]);
    expect(viewport.scrollTop).toBe(100);
    viewport.scrollTop = 900;
    fireEvent.scroll(viewport);
    await user.pointer([{ keys: '[MouseLeft]', target: track, coords: { clientY: 5 } }]);
    expect(viewport.scrollTop).toBe(800);
  });
});
