import { Icon, type IconName } from './icons';
import './toggle-button.css';

interface Props {
  icon: IconName;
  label: string;
  /**
   * A toggle's longer word ("Unlike", "Remove WatchLater"): the label keeps its width whichever word it shows, so
   * that neither the icon nor the buttons beside it move when the toggle's state arrives or changes.
   */
  widest?: string;
  /** A toggle says whether it is on (aria-pressed); a plain action leaves it undefined. */
  pressed?: boolean;
  onClick: () => void;
}

/** A player action: an icon and its word, in a pill. */
export function ToggleButton({ icon, label, widest, pressed, onClick }: Props) {
  return (
    <button type="button" className="toggle-button" aria-pressed={pressed} onClick={onClick}>
      <Icon name={icon} size={18} />
      <span className="toggle-button__label">
        <span>{label}</span>
        {widest && (
          <span className="toggle-button__widest" aria-hidden="true">
            {widest}
          </span>
        )}
      </span>
    </button>
  );
}
