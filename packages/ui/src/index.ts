// @pitlane/ui: the design system. Primitives, widgets and layouts, each in its own folder.
export { cn } from './lib/cn.ts';
export { useContractForm, type ContractForm, type ContractFormOptions, type FormRule } from './lib/form.ts';
export { CHECKING, checkStatus, fieldStatus, toneOf, useServerCheck } from './lib/field-status.ts';
export { carCountsLabel, countLabel, formatCost, formatMileage, ownershipLabel } from './lib/garage.ts';
export { carRule, isLogDate, logRule, type CarNameValue } from './lib/garage-rules.ts';
export { NavLink, type NavLinkProps } from './lib/nav-link.tsx';

// Primitives
export { Button, buttonVariants, type ButtonProps } from './primitives/Button/Button.tsx';
export { Input, controlClasses, type InputProps } from './primitives/Input/Input.tsx';
export { Textarea, type TextareaProps } from './primitives/Textarea/Textarea.tsx';
export { Select, type SelectProps } from './primitives/Select/Select.tsx';
export { Combobox, type ComboboxOption, type ComboboxProps } from './primitives/Combobox/Combobox.tsx';
export { Field, fieldStatusVariants, type FieldProps } from './primitives/Field/Field.tsx';
export { FormMessages, type FormMessagesProps } from './primitives/FormMessages/FormMessages.tsx';
export { SearchField, type SearchFieldProps } from './primitives/SearchField/SearchField.tsx';
export { IconButton, type IconButtonProps } from './primitives/IconButton/IconButton.tsx';
export { Avatar, avatarVariants, initialsOf, type AvatarProps } from './primitives/Avatar/Avatar.tsx';
export { Badge, badgeVariants, type BadgeProps } from './primitives/Badge/Badge.tsx';
export { Skeleton, type SkeletonProps } from './primitives/Skeleton/Skeleton.tsx';
export {
  Spinner,
  FullScreenSpinner,
  fullScreenSpinnerVariants,
  SPINNER_FRAMES,
  SPINNER_FPS,
  SPINNER_LOOP_SECONDS,
  type SpinnerProps,
  type FullScreenSpinnerProps,
} from './primitives/Spinner/Spinner.tsx';
export { Logo, logoVariants, type LogoProps } from './primitives/Logo/Logo.tsx';
export {
  Dialog,
  DialogTrigger,
  DialogPortal,
  DialogClose,
  DialogOverlay,
  DialogContent,
  DialogHeader,
  DialogFooter,
  DialogTitle,
  DialogDescription,
  dialogLayerVariants,
  type DialogContentProps,
  type DialogLayer,
} from './primitives/Dialog/Dialog.tsx';
export { ConfirmDialog, type ConfirmDialogProps } from './primitives/ConfirmDialog/ConfirmDialog.tsx';
export {
  DropdownMenu,
  DropdownMenuTrigger,
  DropdownMenuPortal,
  DropdownMenuGroup,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  type DropdownMenuItemProps,
} from './primitives/DropdownMenu/DropdownMenu.tsx';
export {
  BottomSheet,
  BottomSheetTrigger,
  BottomSheetClose,
  BottomSheetContent,
  type BottomSheetContentProps,
} from './primitives/BottomSheet/BottomSheet.tsx';

// Layouts
export { AuthLayout, type AuthLayoutProps } from './layouts/AuthLayout/AuthLayout.tsx';
export { authBackgroundUrl } from './layouts/AuthLayout/auth-background.ts';
export { DashboardLayout, type DashboardLayoutProps } from './layouts/DashboardLayout/DashboardLayout.tsx';
export { MobileMenu, type MobileMenuProps } from './layouts/MobileMenu/MobileMenu.tsx';
export { NavProfileHeader, type NavUser } from './layouts/MobileMenu/NavProfileHeader.tsx';

// Widgets
export {
  CalendarDay,
  DateTime,
  DateTimeFormatProvider,
  useDateTimeFormat,
  useFormatCalendarDay,
  useFormatDateTime,
  type CalendarDayProps,
  type DateTimeFormat,
  type DateTimeProps,
} from './widgets/DateTime/DateTime.tsx';
export { ImageSlider, type ImageSliderProps, type SliderImage } from './widgets/ImageSlider/ImageSlider.tsx';
export { LikeButton, type LikeButtonProps } from './widgets/LikeButton/LikeButton.tsx';
export { ShareButton, type ShareButtonProps } from './widgets/ShareButton/ShareButton.tsx';
export { SaveButton, type SaveButtonProps } from './widgets/SaveButton/SaveButton.tsx';
export { CommentForm, type CommentFormProps } from './widgets/CommentForm/CommentForm.tsx';
export { CommentItem, CommentItemSkeleton, type CommentItemProps } from './widgets/CommentItem/CommentItem.tsx';
export { CommentsPreview, type CommentsPreviewProps } from './widgets/CommentsPreview/CommentsPreview.tsx';
export { CommentsModal, type CommentsModalProps } from './widgets/CommentsModal/CommentsModal.tsx';
export { RichText, type RichTextProps } from './widgets/RichText/RichText.tsx';
export { PostCard, type PostCardProps } from './widgets/PostCard/PostCard.tsx';
export { NewPostsPill, newPostsText, type NewPostsPillProps } from './widgets/NewPostsPill/NewPostsPill.tsx';
export { usePostPermissions, type PostPermissions } from './widgets/PostCard/use-post-permissions.ts';
export { PostCardSkeleton, type PostCardSkeletonProps } from './widgets/PostCardSkeleton/PostCardSkeleton.tsx';
export { PostList, type PostListProps } from './widgets/PostList/PostList.tsx';
export { SavedPostList } from './widgets/SavedPostList/SavedPostList.tsx';
export { TagPostList, type TagPostListProps } from './widgets/TagPostList/TagPostList.tsx';
export { TrendingTags, type TrendingTagsProps } from './widgets/TrendingTags/TrendingTags.tsx';
export { MentionTypeahead, type MentionTypeaheadProps, type TypeaheadField } from './widgets/MentionTypeahead/MentionTypeahead.tsx';
export { TagChip, type TagChipProps } from './widgets/TrendingTags/TagChip.tsx';
export { useInfiniteScroll, type UseInfiniteScrollOptions } from './lib/use-infinite-scroll.ts';
export { followSystemTheme, setThemePreference, THEME_COLORS, THEME_STORAGE_KEY, type Theme, type ThemePreference } from './lib/theme.ts';
export { useTheme } from './lib/theme-hook.ts';
export { ThemeSwitch, type ThemeSwitchProps } from './widgets/ThemeSwitch/ThemeSwitch.tsx';
export { AppearanceSection, type AppearanceSectionProps } from './widgets/ThemeSwitch/AppearanceSection.tsx';
export {
  PostGrid,
  PostGridLayout,
  PostGridSkeleton,
  PostGridTile,
  PostThumbnail,
  staticPostPages,
  type PostGridProps,
  type PostGridSkeletonProps,
  type PostGridTileProps,
  type PostPagesSource,
} from './widgets/PostGrid/PostGrid.tsx';
export { TrendingTile, type TrendingTileProps } from './widgets/TrendingTile/TrendingTile.tsx';
export { TrendingGrid, type TrendingGridProps } from './widgets/TrendingGrid/TrendingGrid.tsx';
export { ImagePicker, existingImages, type ImagePickerProps, type PickedImage } from './widgets/ImagePicker/ImagePicker.tsx';
export { PhotoEditorDialog, type PhotoEditorDialogProps } from './widgets/PhotoEditor/PhotoEditorDialog.tsx';
export {
  PostForm,
  PostFormSkeleton,
  UploadProgress,
  type PostFormProps,
  type CreatePostFormProps,
  type EditPostFormProps,
} from './widgets/PostForm/PostForm.tsx';
export { ThirdPartySignIn, type ThirdPartySignInProps, type ThirdPartyProvider } from './widgets/ThirdPartySignIn/ThirdPartySignIn.tsx';
export { OtpForm, type OtpFormProps, type OtpValues } from './widgets/OtpForm/OtpForm.tsx';
export { SingleImagePicker, type SingleImagePickerProps, type PickedFile } from './widgets/SingleImagePicker/SingleImagePicker.tsx';
export { LoginForm, type LoginFormProps } from './widgets/LoginForm/LoginForm.tsx';
export { RegisterForm, type RegisterFormProps } from './widgets/RegisterForm/RegisterForm.tsx';
export { ForgotPasswordForm, type ForgotPasswordFormProps } from './widgets/ForgotPasswordForm/ForgotPasswordForm.tsx';
export { FollowButton, FOLLOW_LABELS, useFollowState, type FollowButtonProps, type FollowState } from './widgets/FollowButton/FollowButton.tsx';
export { SuggestionsPanel, type SuggestionsPanelProps } from './widgets/SuggestionsPanel/SuggestionsPanel.tsx';
export { LazySuggestionsPanel } from './widgets/SuggestionsPanel/LazySuggestionsPanel.tsx';
export { SuggestionListSkeleton, type SuggestionListSkeletonProps } from './widgets/SuggestionListSkeleton/SuggestionListSkeleton.tsx';
export { ProfileHeader, type ProfileHeaderProps } from './widgets/ProfileHeader/ProfileHeader.tsx';
export { FollowListModal, FOLLOW_LIST_TITLES, type FollowListKind, type FollowListModalProps } from './widgets/FollowListModal/FollowListModal.tsx';
export { ProfileCommunities, type ProfileCommunitiesProps } from './widgets/ProfileCommunities/ProfileCommunities.tsx';
export {
  NotificationList,
  notificationHref,
  notificationText,
  groupNotifications,
  hasNewNotifications,
  NOTIFICATION_GROUP_TITLES,
  type NotificationGroup,
  type NotificationGroupKey,
  type NotificationListProps,
} from './widgets/NotificationList/NotificationList.tsx';
export { NotificationListSkeleton, type NotificationListSkeletonProps } from './widgets/NotificationListSkeleton/NotificationListSkeleton.tsx';
export { CommunityCard, membersLabel, type CommunityCardProps } from './widgets/CommunityCard/CommunityCard.tsx';
export { CommunityDirectory, matchesCommunity, type CommunityDirectoryProps } from './widgets/CommunityDirectory/CommunityDirectory.tsx';
export { CreateCommunityModal, type CreateCommunityModalProps } from './widgets/CreateCommunityModal/CreateCommunityModal.tsx';
export { CommunityHeader, communityConfirmation, type CommunityHeaderProps, type CommunityRole } from './widgets/CommunityHeader/CommunityHeader.tsx';
export { EditCommunityModal, type EditCommunityModalProps } from './widgets/EditCommunityModal/EditCommunityModal.tsx';
export { EditProfileForm, type EditProfileFormProps } from './widgets/EditProfileForm/EditProfileForm.tsx';
export { DeleteAccountSection, type DeleteAccountSectionProps } from './widgets/DeleteAccountSection/DeleteAccountSection.tsx';
export { ActiveSessions, type ActiveSessionsProps } from './widgets/ActiveSessions/ActiveSessions.tsx';
export { DataExportSection, saveFile, type DataExportSectionProps } from './widgets/DataExportSection/DataExportSection.tsx';
export { TwoFactorChallenge, type TwoFactorChallengeProps } from './widgets/TwoFactorChallenge/TwoFactorChallenge.tsx';
export { TwoFactorSection, type TwoFactorSectionProps } from './widgets/TwoFactorSection/TwoFactorSection.tsx';

// The garage (issue 17)
export { CarChip, type CarChipProps } from './widgets/CarChip/CarChip.tsx';
export { CarCard, CarCardSkeleton, type CarCardProps } from './widgets/CarCard/CarCard.tsx';
export { CarCover, type CarCoverProps } from './widgets/CarCard/CarCover.tsx';
export { GarageSection, type GarageSectionProps } from './widgets/GarageSection/GarageSection.tsx';
export { CarForm, type CarFormProps } from './widgets/CarForm/CarForm.tsx';
export { RemoveCarDialog, type RemoveCarDialogProps } from './widgets/CarForm/RemoveCarDialog.tsx';
export { CarHeader, type CarHeaderProps } from './widgets/CarHeader/CarHeader.tsx';
export { BuildLog, type BuildLogProps } from './widgets/BuildLog/BuildLog.tsx';
export { LogEntryCard, type LogEntryCardProps } from './widgets/LogEntryCard/LogEntryCard.tsx';
export { LogEntryForm, type LogEntryFormProps } from './widgets/LogEntryForm/LogEntryForm.tsx';
export { CarSelect, type CarSelectProps } from './widgets/CarSelect/CarSelect.tsx';
export { ModelCarGrid, type ModelCarGridProps } from './widgets/ModelCarGrid/ModelCarGrid.tsx';
export { ModelPostList, type ModelPostListProps } from './widgets/ModelPostList/ModelPostList.tsx';

// Block and mute (issue 18)
export { ProfileActions, BLOCK_CONFIRM_MESSAGE, type ProfileActionsProps } from './widgets/ProfileActions/ProfileActions.tsx';
export { HideStatusMessages, type HideStatusMessagesProps } from './widgets/ProfileActions/HideStatusMessages.tsx';
export { useHideActions, hideStatusText, type HideAction, type HideActions, type HideStatus } from './widgets/ProfileActions/use-hide-actions.ts';
export {
  HiddenPeopleList,
  HiddenPeopleSection,
  type HiddenPeopleKind,
  type HiddenPeopleListProps,
  type HiddenPeopleSectionProps,
} from './widgets/HiddenPeopleSection/HiddenPeopleSection.tsx';

// Moderation (issue 18)
export { ModerationQueue, ModerationQueueSkeleton, type ModerationQueueProps, type ModerationScope } from './widgets/ModerationQueue/ModerationQueue.tsx';
export { ModerationCaseCard, CASE_KIND_LABELS, reportCountText, type ModerationCaseCardProps } from './widgets/ModerationQueue/ModerationCaseCard.tsx';
export { ModerationLog, ModerationActionText, type ModerationLogProps } from './widgets/ModerationLog/ModerationLog.tsx';

// Reporting and operator actions on profiles (issue 18)
export { RadioGroup, RadioGroupItem, RadioGroupOption, type RadioGroupOptionProps } from './primitives/RadioGroup/RadioGroup.tsx';
export { ReportDialog, type ReportDialogProps } from './widgets/ReportDialog/ReportDialog.tsx';
export { SUSPEND_CONFIRM_MESSAGE, type SuspensionMenuProps } from './widgets/ProfileActions/ProfileActions.tsx';
export { useSuspensionActions, type SuspensionActions } from './widgets/ProfileActions/use-suspension-actions.ts';
export { removalText, removalExcerpt } from './widgets/NotificationList/NotificationList.tsx';

// Meets (issue 21)
export { MeetCard, MeetCardSkeleton, MeetCover, CancelledBadge, type MeetCardProps } from './widgets/MeetCard/MeetCard.tsx';
export { meetCountsLabel, meetDateBlock, meetWhen, openStreetMapUrl, zoneName } from './widgets/MeetCard/meet-format.ts';
export { MeetList, type MeetListProps, type MeetPagesSource } from './widgets/MeetList/MeetList.tsx';
export { MeetForm, type MeetFormProps } from './widgets/MeetForm/MeetForm.tsx';
export { MeetDetails, type MeetDetailsProps } from './widgets/MeetDetails/MeetDetails.tsx';
