import { ArtifactPicker } from './ArtifactPicker';
import { CenterSwapPicker } from './CenterSwapPicker';
import { CenterViewPicker } from './CenterViewPicker';
import { ConverterPicker } from './ConverterPicker';
import { DirectionPicker } from './DirectionPicker';
import { InvestigatorPicker } from './InvestigatorPicker';
import type { PickerKind } from './kinds';
import { PilePicker } from './PilePicker';
import { PlayerPicker } from './PlayerPicker';
import { RoleGiverPicker } from './RoleGiverPicker';
import { RoleLookerPicker } from './RoleLookerPicker';
import { TapperPicker } from './TapperPicker';
import { TwoPlayerPicker } from './TwoPlayerPicker';
import type { PickerProps } from './types';

export { pickerKind, pickerTestId, type PickerKind } from './kinds';

/** Renders the picker of a kind (null for 'none'). The registry: add new pickers here and in kinds.ts. */
export function NightPicker({ kind, ...props }: PickerProps & { kind: PickerKind }) {
  switch (kind.kind) {
    case 'role_looker':
      return <RoleLookerPicker {...props} />;
    case 'center_view':
      return <CenterViewPicker {...props} />;
    case 'center_swap':
      return <CenterSwapPicker {...props} />;
    case 'convert':
      return <ConverterPicker {...props} />;
    case 'single':
      return <PlayerPicker {...props} type={kind.type} />;
    case 'tap':
      return <TapperPicker {...props} />;
    case 'two_players':
      return <TwoPlayerPicker {...props} />;
    case 'direction':
      return <DirectionPicker {...props} />;
    case 'investigate':
      return <InvestigatorPicker {...props} />;
    case 'give_role':
      return <RoleGiverPicker {...props} />;
    case 'artifact':
      return <ArtifactPicker {...props} />;
    case 'pile_only':
      return <PilePicker {...props} />;
    default:
      return null;
  }
}
