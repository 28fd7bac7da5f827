import { Icon, type IconName } from './icons';
import './toggle-button.css';

interface Props {
  icon: IconName;
  label: string;
  /** A toggle says whether it is on (aria-pressed); a plain action leaves it undefined. */
  pressed?: boolean;
  onClick: () => void;
}

/**
 * A player action: an icon and its word, in a pill as wide as its longest word ("Unlike", "Remove
 * WatchLater") so that toggling never moves the buttons next to it.
 */
export function ToggleButton({ icon, label, pressed, onClick }: Props) {
  return (
    <button type="button" className="toggle-button" aria-pressed={pressed} onClick={onClick}>
      <Icon name={icon} size={18} />
      <span className="toggle-button__label">{label}</span>
    </button>
  );
}
