import { useRef, useState } from 'react';

/**
 * The tooltip of a top-bar button that opens a dialog or drawer. Pressing the button hides the tooltip,
 * and it shows again only when the pointer moves over the button anew: when the dialog closes, its mask
 * goes from under a pointer that never moved and focus returns to the button, and the tooltip would pop
 * up again with no reason the operator can see, staying until the pointer is moved away. Spread
 * `tooltip` on the Tooltip and `target` on the Button; call `hide` in the button's click.
 */
export function useButtonTip() {
  const [open, setOpen] = useState(false);
  // Pressed and not yet left: the pointer resting on the button is no request for its tooltip.
  const pressed = useRef(false);
  return {
    tooltip: {
      open,
      // Only the closing is taken from the tooltip: its own opening follows mouseenter, which the browser
      // also fires when a dialog's mask disappears from under a resting pointer.
      onOpenChange: (next: boolean) => {
        if (!next) setOpen(false);
      },
    },
    target: {
      onMouseMove: () => {
        if (!pressed.current) setOpen(true);
      },
      onMouseLeave: () => {
        pressed.current = false;
        setOpen(false);
      },
    },
    hide: () => {
      pressed.current = true;
      setOpen(false);
    },
  };
}
