import type { MessageKey } from './messages.en.js';

/**
 * Bulgarian server messages, phrased like Laravel's Bulgarian lang pack.
 * Partial in its type so keys added to English never break the build; `messages.test.ts`
 * checks that every English key is translated.
 */
export const bg: Partial<Record<MessageKey, string>> = {
  // Validation templates
  'validation.required': 'Полето :attribute е задължително.',
  'validation.present': 'Полето :attribute трябва да присъства.',
  'validation.required_without': 'Полето :attribute е задължително, когато :values липсва.',
  'validation.string': 'Полето :attribute трябва да бъде низ.',
  'validation.integer': 'Полето :attribute трябва да бъде цяло число.',
  'validation.numeric': 'Полето :attribute трябва да бъде число.',
  'validation.boolean': 'Полето :attribute трябва да бъде вярно или невярно.',
  'validation.array': 'Полето :attribute трябва да бъде масив.',
  'validation.email': 'Полето :attribute трябва да бъде валиден имейл адрес.',
  'validation.date': 'Полето :attribute трябва да бъде валидна дата.',
  'validation.alpha': 'Полето :attribute може да съдържа само букви.',
  'validation.in': 'Избраната стойност на :attribute е невалидна.',
  'validation.unique': 'Стойността на :attribute вече е заета.',
  'validation.regex': 'Форматът на полето :attribute е невалиден.',
  'validation.confirmed': 'Потвърждението на полето :attribute не съвпада.',
  'validation.between': 'Полето :attribute трябва да бъде между :min и :max.',
  'validation.min.numeric': 'Полето :attribute трябва да бъде поне :min.',
  'validation.min.string': 'Полето :attribute трябва да съдържа поне :min знака.',
  'validation.max.numeric': 'Полето :attribute не може да бъде по-голямо от :max.',
  'validation.max.string': 'Полето :attribute не може да съдържа повече от :max знака.',
  'validation.max.file': 'Полето :attribute не може да бъде по-голямо от :max килобайта.',
  'validation.distinct': 'Полето :attribute има повтаряща се стойност.',
  'validation.scalar': 'Полето :attribute трябва да бъде низ, число или булева стойност.',
  'validation.file': 'Полето :attribute трябва да бъде файл.',
  'validation.image': 'Полето :attribute трябва да бъде изображение.',
  'validation.no_colon': 'Полето :attribute не може да съдържа двоеточие.',
  'validation.otpauth_uri': 'Полето :attribute не е валиден otpauth URI.',
  'validation.base32': 'Полето :attribute трябва да бъде низ, кодиран в base32.',
  'validation.otp_type': 'Полето :attribute не се поддържа.',
  'validation.uri_label': 'URI трябва да има етикет.',
  'validation.ids': 'Идентификаторите трябва да са разделени със запетаи, без запетая в края.',
  'validation.image_format': 'Поддържаните формати са jpeg, png, bmp, gif, svg или webp.',
  'validation.email_not_found': 'Не е намерен профил с този имейл.',
  'validation.first_user': 'Вече има регистриран потребител',
  'validation.icon_pack': 'Пакетът с икони не е намерен на сървъра.',
  'validation.idempotency_key_reused': 'Полето :attribute вече е използвано за друга заявка.',
  'validation.and_more_error': '(и още :count грешка)',
  'validation.and_more_errors': '(и още :count грешки)',
  // Human-readable errors
  'error.server': 'Server Error',
  'error.too_many_login_attempts': 'Твърде много опити за вход. Моля, опитайте отново след :seconds секунди.',
  'error.demo_disabled': 'Функцията е изключена в демонстрационен режим',
  'error.untrusted_proxy': 'Заявката не идва от доверено прокси',
  'error.proxy_not_applicable': 'Not applicable when using an auth proxy',
  'error.payload_too_large': 'Съдържанието е твърде голямо',
  'error.unsupported_media_type': 'Неподдържан тип съдържание',
  'error.service_unavailable': 'Услугата е недостъпна',
  'error.method_not_allowed':
    'Методът :method не се поддържа за маршрута :route. Поддържани методи: :methods.',
  'error.malformed_json': 'Невалидно JSON тяло',
  'error.malformed_multipart': 'Невалидно multipart тяло',
  'error.too_many_ids': 'Твърде много идентификатори в параметъра на заявката, разрешени са най-много 100',
  'error.cannot_decipher':
    'Тайният ключ не може да бъде дешифриран. Това обикновено се дължи на грешен ключ за криптиране или на повредени данни в базата данни.',
  'error.invalid_base32_secret': 'невалиден таен ключ, кодиран в base32',
  'error.invalid_otp_parameters': 'невалидни параметри на OTP',
  'error.unsupported_otp_type': 'Неподдържан тип OTP',
  'error.unable_to_decrypt_uri': 'URI не може да бъде декриптиран',
  'error.qr_not_found': 'В изображението не е открит QR код, опитайте да изрежете изображението',
  'error.qr_unreadable': 'Няма четим QR код',
  'error.migration_unreadable': 'Невалидни или нечетими данни от :app',
  'error.migration_no_format': 'Данните не отговарят на нито един поддържан формат',
  'error.migration_encrypted': 'Нечетими, данните изглеждат криптирани',
  'error.migration_use_export':
    'Това прилича на шифрованата база данни на :app, която не може да бъде прочетена; експортирайте профилите си от :app във файл и импортирайте този файл',
  'error.migration_wrong_password': 'Грешна парола, данните от :app не могат да бъдат декриптирани',
  'error.migration_unsupported_encryption': 'Неподдържани настройки за криптиране на :app',
  'error.migration_unsupported_cipher':
    'Неподдържани настройки за криптиране на :app: шифърът :cipher не може да бъде прочетен',
  'error.migration_account_key':
    'Този експорт от Bitwarden е криптиран с ключа на профила ви и не може да бъде импортиран; експортирайте го отново с парола или без криптиране',
  'error.file_upload_failed': 'Качването на файла не успя',
  'error.encryption_failed': 'Криптирането не успя, базата ви данни остава незащитена.',
  'error.decryption_failed':
    'Декриптирането не успя, базата ви данни все още е защитена. Това обикновено се дължи на проблем с целостта на криптираните данни на един или повече профили.',
  'error.password_sign_in_off':
    'Влизането с парола е изключено на този сървър: влезте чрез доставчика си на самоличност.',
  'error.oidc_unavailable': 'Доставчикът на самоличност е недостъпен в момента. Опитайте отново по-късно.',
  'error.identity_confirmation_required':
    'Потвърдете самоличността си, за да видите това (парола или устройство за сигурност).',
  'error.token_scope_required': 'Вашият токен не може да направи това: нужен е обхват ":scope" или по-широк.',
  'error.token_required':
    'Само личен токен за достъп може да прекрати себе си; оттегляйте токени от Настройки.',
  'error.session_required': 'Това може да се направи само от влязла сесия, не с личен токен за достъп.',
  'error.device_authorization_pending':
    'Сдвояването още не е одобрено: попитайте отново след няколко секунди.',
  'error.device_slow_down': 'Твърде бързо: изчакайте интервала между две заявки.',
  'error.device_access_denied': 'Сдвояването беше отказано.',
  'error.device_expired_token':
    'Този код за сдвояване е непознат, изтекъл или вече използван: започнете отначало.',
  'validation.website': 'Полето :attribute трябва да е домейн на уебсайт, например github.com.',
  'error.wrong_password': 'Грешна парола',
  'error.wrong_current_password': 'Грешна текуща парола, нищо не е променено',
  'error.user_deletion_failed': 'Изтриването на потребителския профил не успя, не са изтрити данни',
  'error.email_sending_failed': 'Изпращането на имейла не успя',
  'error.no_registered_user': 'няма регистриран потребител',
  'error.cannot_register_more': 'Не можете да регистрирате повече от един потребител.',
  'error.wait_before_retrying': 'Моля, изчакайте, преди да опитате отново.',
  'error.reset_user_not_found': 'Не можем да намерим потребител с този имейл адрес.',
  'error.reset_token_invalid': 'Този токен за нулиране на паролата е невалиден.',
  'error.invalid_recovery_token': 'Невалиден токен за възстановяване',
  'error.otp_without_secret': 'Не може да се създаде OTP без таен ключ',
  'error.device_not_verified': 'Устройството за сигурност не можа да бъде проверено.',
  'error.webauthn_needs_device': 'Задайте поне едно устройство, за да включите тези опции',
  'error.group_reserved_name': 'Запазено име, моля, изберете друго',
  'error.group_name_characters':
    'Моля, използвайте само букви, цифри, тирета, долни черти, интервали или единични кавички',
  'error.only_custom_setting_deletable': 'Могат да се изтриват само настройки, създадени от потребителя',
  'error.uri_alone':
    "Параметърът uri трябва да бъде подаден самостоятелно или само заедно с параметъра 'custom_otp'",
  // Success messages that are localised
  'success.password_changed': 'Паролата е сменена успешно',
  'success.reset_link_sent': 'Изпратихме ви по имейл връзка за нулиране на паролата!',
  'success.password_reset': 'Паролата ви е нулирана!',
  'success.recovery_email_sent': 'Имейлът за възстановяване на профила е изпратен!',
  'success.device_registered': 'Устройството е регистрирано успешно',
  // Other texts
  'error.backup_password_missing':
    'Не е зададена парола за резервни копия: първо задайте такава в Настройки → Резервни копия.',
  'error.backup_password_wrong': 'Текущата парола за резервни копия е грешна.',
  'breakglass.title': 'Twofold: аварийно копие',
  'breakglass.made': 'Създадено на :date.',
  'breakglass.read_only':
    'Копие на профилите ви само за четене: нищо тук не ги променя. Работи без мрежа и не се свързва с нищо.',
  'breakglass.password': 'Парола за резервни копия',
  'breakglass.open': 'Отваряне',
  'breakglass.wrong': 'Тази парола не отваря този файл.',
  'breakglass.search': 'Търсене',
  'breakglass.counter': 'Брояч :counter',
  'breakglass.reveal': 'Показване на бележката и кодовете за възстановяване',
  'breakglass.note': 'Бележка',
  'breakglass.recovery_codes': 'Кодове за възстановяване',
  'breakglass.used': 'използван',
  'breakglass.none': 'Няма съвпадащ профил.',
  'group.all': 'Всички',
  'account.invalid_account': '- невалиден профил -',
  'account.invalid_service': '- невалидна услуга -',
  // E-mails
  'mail.greeting': 'Здравейте, :name,',
  'mail.password_reset.subject': ':app: нулиране на паролата ви',
  'mail.password_reset.intro':
    'Поискахте нулиране на паролата си. Отворете тази връзка до 60 минути, за да изберете нова:',
  'mail.password_reset.action': 'Нулиране на паролата',
  'mail.password_reset.ignore':
    'Ако не сте поискали това, пренебрегнете съобщението: паролата ви остава същата.',
  'mail.webauthn_recovery.subject': ':app: регистриране на ново устройство за сигурност',
  'mail.webauthn_recovery.intro':
    'Загубили сте устройство за сигурност. Отворете тази връзка до 60 минути, за да регистрирате ново:',
  'mail.webauthn_recovery.action': 'Регистриране на ново устройство за сигурност',
  'mail.webauthn_recovery.ignore': 'Ако не сте поискали това, пренебрегнете съобщението.',
  // Alerts
  'validation.url': 'Полето :attribute трябва да бъде валиден URL адрес.',
  'alert.new_device.title': 'Нов вход в Twofold',
  'alert.new_device.body':
    'Вход от ново устройство: :browser на :platform, IP адрес :ip. Ако не сте били вие, сменете паролата си.',
  'alert.failed_sign_in.title': 'Неуспешен вход в Twofold',
  'alert.failed_sign_in.body':
    'Неуспешен опит за вход от IP адрес :ip. Други неуспешни опити през следващите 15 минути не се съобщават.',
  'alert.token_created.title': 'Нов личен токен за достъп',
  'alert.token_created.body': 'Създаден е личен токен за достъп с име „:name“.',
  'alert.security_device_added.title': 'Ново устройство за сигурност',
  'alert.security_device_added.body': 'Към профила ви е регистрирано ново устройство за сигурност.',
  'alert.export.title': 'Профилите са експортирани',
  'alert.export.body': 'Профилите ви бяха експортирани заедно с тайните им ключове (формат: :format).',
  'alert.backup_failed.title': 'Планираното резервно копие не успя',
  'alert.backup_failed.body':
    'Планираното резервно копие не можа да бъде записано. Проверете настройките за резервни копия.',
  'error.disk_full':
    'Няма достатъчно място на диска за данни на сървъра (DATA_DIR): нищо не е запазено. Освободете място и опитайте отново.',
  'alert.clock_skew.title': 'Часовникът на сървъра е грешен',
  'alert.clock_skew.body':
    'Часовникът на сървъра се различава с :offset от устройствата, които го ползват (+ напред, − назад). Кодовете, изчислени от сървъра, са грешни, докато часът му не бъде поправен (NTP).',
  'alert.clock_skew.gone.title': 'Часовникът на сървъра отново е верен',
  'alert.clock_skew.gone.body': 'Часовникът на сървъра отново съвпада с устройствата му.',
  'alert.disk_full.title': 'Дискът на сървъра е пълен',
  'alert.disk_full.body':
    'Дискът за данни на сървъра (DATA_DIR) е пълен: новите данни се отказват, докато не се освободи място. Нищо от запазеното не е загубено.',
  'alert.test.title': 'Тестов сигнал от Twofold',
  'alert.test.body': 'Този канал работи: Twofold може да ви изпраща сигнали тук.',
  'alert.alerts_changed.title': 'Настройките на сигналите са променени',
  'alert.alerts_changed.body':
    'Настройките на сигналите ви бяха променени (:changes). Ако не сте били вие, отменете личните си токени за достъп и проверете Настройки, Сигнали.',
  'error.alert_url_password':
    'Въведете отново паролата в URL адреса: запазената принадлежи на предишния адрес.',
};

/** Bulgarian names of the `:attribute` values, keyed by the English attribute. */
export const bgAttributes: Readonly<Record<string, string>> = {
  account: 'профил',
  algorithm: 'алгоритъм',
  counter: 'брояч',
  credential: 'идентификационни данни',
  'current password': 'текуща парола',
  'custom otp': 'персонализиран OTP',
  digits: 'цифри',
  email: 'имейл адрес',
  file: 'файл',
  format: 'формат',
  'group id': 'група',
  icon: 'икона',
  'icon pack': 'пакет с икони',
  key: 'ключ',
  label: 'етикет',
  name: 'име',
  'otp type': 'тип OTP',
  password: 'парола',
  'password confirmation': 'потвърждение на паролата',
  payload: 'данни',
  period: 'период',
  qrcode: 'QR код',
  secret: 'таен ключ',
  service: 'услуга',
  token: 'токен',
  value: 'стойност',
  variant: 'вариант',
};
