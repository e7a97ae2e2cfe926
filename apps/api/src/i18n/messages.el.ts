import type { MessageKey } from './messages.en.js';

/**
 * Greek server messages, phrased like Laravel's Greek lang pack.
 * Partial in its type so keys added to English never break the build; `messages.test.ts`
 * checks that every English key is translated.
 */
export const el: Partial<Record<MessageKey, string>> = {
  // Validation templates
  'validation.required': 'Το πεδίο :attribute είναι υποχρεωτικό.',
  'validation.present': 'Το πεδίο :attribute πρέπει να υπάρχει.',
  'validation.required_without': 'Το πεδίο :attribute είναι υποχρεωτικό όταν δεν υπάρχει το :values.',
  'validation.string': 'Το πεδίο :attribute πρέπει να είναι συμβολοσειρά.',
  'validation.integer': 'Το πεδίο :attribute πρέπει να είναι ακέραιος.',
  'validation.numeric': 'Το πεδίο :attribute πρέπει να είναι αριθμός.',
  'validation.boolean': 'Το πεδίο :attribute πρέπει να είναι αληθές ή ψευδές.',
  'validation.array': 'Το πεδίο :attribute πρέπει να είναι πίνακας.',
  'validation.email': 'Το πεδίο :attribute πρέπει να είναι έγκυρη διεύθυνση email.',
  'validation.date': 'Το πεδίο :attribute πρέπει να είναι έγκυρη ημερομηνία.',
  'validation.alpha': 'Το πεδίο :attribute μπορεί να περιέχει μόνο γράμματα.',
  'validation.in': 'Η επιλεγμένη τιμή για :attribute δεν είναι έγκυρη.',
  'validation.unique': 'Η τιμή του :attribute χρησιμοποιείται ήδη.',
  'validation.regex': 'Η μορφή του πεδίου :attribute δεν είναι έγκυρη.',
  'validation.confirmed': 'Η επιβεβαίωση του πεδίου :attribute δεν ταιριάζει.',
  'validation.between': 'Το πεδίο :attribute πρέπει να είναι μεταξύ :min και :max.',
  'validation.min.numeric': 'Το πεδίο :attribute πρέπει να είναι τουλάχιστον :min.',
  'validation.min.string': 'Το πεδίο :attribute πρέπει να έχει τουλάχιστον :min χαρακτήρες.',
  'validation.max.numeric': 'Το πεδίο :attribute δεν μπορεί να είναι μεγαλύτερο από :max.',
  'validation.max.string': 'Το πεδίο :attribute δεν μπορεί να έχει περισσότερους από :max χαρακτήρες.',
  'validation.max.file': 'Το πεδίο :attribute δεν μπορεί να ξεπερνά τα :max kilobyte.',
  'validation.distinct': 'Το πεδίο :attribute έχει διπλότυπη τιμή.',
  'validation.scalar': 'Το πεδίο :attribute πρέπει να είναι συμβολοσειρά, αριθμός ή λογική τιμή.',
  'validation.file': 'Το πεδίο :attribute πρέπει να είναι αρχείο.',
  'validation.image': 'Το πεδίο :attribute πρέπει να είναι εικόνα.',
  'validation.no_colon': 'Το πεδίο :attribute δεν πρέπει να περιέχει άνω και κάτω τελεία.',
  'validation.otpauth_uri': 'Το πεδίο :attribute δεν είναι έγκυρο URI otpauth.',
  'validation.base32': 'Το πεδίο :attribute πρέπει να είναι συμβολοσειρά κωδικοποιημένη σε base32.',
  'validation.otp_type': 'Το πεδίο :attribute δεν υποστηρίζεται.',
  'validation.uri_label': 'Το URI πρέπει να έχει ετικέτα.',
  'validation.ids': 'Τα ID πρέπει να χωρίζονται με κόμμα, χωρίς κόμμα στο τέλος.',
  'validation.image_format': 'Οι υποστηριζόμενες μορφές είναι jpeg, png, bmp, gif, svg ή webp.',
  'validation.email_not_found': 'Δεν βρέθηκε λογαριασμός με αυτό το email.',
  'validation.first_user': 'Υπάρχει ήδη εγγεγραμμένος χρήστης',
  'validation.icon_pack': 'Το πακέτο εικονιδίων δεν βρέθηκε στον διακομιστή.',
  'validation.idempotency_key_reused': 'Το :attribute έχει ήδη χρησιμοποιηθεί για άλλο αίτημα.',
  'validation.and_more_error': '(και :count ακόμη σφάλμα)',
  'validation.and_more_errors': '(και :count ακόμη σφάλματα)',
  // Human-readable errors
  'error.server': 'Server Error',
  'error.too_many_login_attempts':
    'Πάρα πολλές προσπάθειες σύνδεσης. Δοκιμάστε ξανά σε :seconds δευτερόλεπτα.',
  'error.demo_disabled': 'Η λειτουργία είναι απενεργοποιημένη σε λειτουργία επίδειξης',
  'error.untrusted_proxy': 'Το αίτημα δεν προέρχεται από αξιόπιστο διακομιστή μεσολάβησης',
  'error.proxy_not_applicable': 'Not applicable when using an auth proxy',
  'error.payload_too_large': 'Πολύ μεγάλο περιεχόμενο',
  'error.unsupported_media_type': 'Μη υποστηριζόμενος τύπος περιεχομένου',
  'error.service_unavailable': 'Η υπηρεσία δεν είναι διαθέσιμη',
  'error.method_not_allowed':
    'Η μέθοδος :method δεν υποστηρίζεται για τη διαδρομή :route. Υποστηριζόμενες μέθοδοι: :methods.',
  'error.malformed_json': 'Μη έγκυρο σώμα JSON',
  'error.malformed_multipart': 'Μη έγκυρο σώμα multipart',
  'error.too_many_ids': 'Πάρα πολλά ID στην παράμετρο ερωτήματος, επιτρέπονται έως 100',
  'error.cannot_decipher':
    'Το μυστικό δεν μπορεί να αποκρυπτογραφηθεί. Συνήθως οφείλεται σε λάθος κλειδί κρυπτογράφησης ή σε κατεστραμμένα δεδομένα στη βάση δεδομένων.',
  'error.invalid_base32_secret': 'δεν είναι έγκυρο μυστικό κωδικοποιημένο σε base32',
  'error.invalid_otp_parameters': 'μη έγκυρες παράμετροι OTP',
  'error.unsupported_otp_type': 'Μη υποστηριζόμενος τύπος OTP',
  'error.unable_to_decrypt_uri': 'Δεν είναι δυνατή η αποκρυπτογράφηση του URI',
  'error.qr_not_found': 'Δεν εντοπίστηκε κωδικός QR στην εικόνα, δοκιμάστε να την περικόψετε',
  'error.qr_unreadable': 'Κανένας αναγνώσιμος κωδικός QR',
  'error.migration_unreadable': 'Μη έγκυρα ή μη αναγνώσιμα δεδομένα :app',
  'error.migration_no_format': 'Τα δεδομένα δεν ταιριάζουν με καμία υποστηριζόμενη μορφή',
  'error.migration_encrypted': 'Μη αναγνώσιμα, τα δεδομένα φαίνονται κρυπτογραφημένα',
  'error.migration_wrong_password':
    'Λάθος κωδικός πρόσβασης, τα δεδομένα :app δεν μπορούν να αποκρυπτογραφηθούν',
  'error.migration_unsupported_encryption': 'Μη υποστηριζόμενες ρυθμίσεις κρυπτογράφησης :app',
  'error.migration_unsupported_cipher':
    'Μη υποστηριζόμενες ρυθμίσεις κρυπτογράφησης :app: ο κρυπταλγόριθμος :cipher δεν μπορεί να διαβαστεί',
  'error.migration_use_export':
    'Αυτό μοιάζει με την κρυπτογραφημένη βάση δεδομένων του :app, η οποία δεν μπορεί να διαβαστεί· εξαγάγετε τους λογαριασμούς σας από το :app σε αρχείο και εισαγάγετε εκείνο το αρχείο',
  'error.migration_account_key':
    'Αυτή η εξαγωγή Bitwarden είναι κρυπτογραφημένη με το κλειδί του λογαριασμού σας και δεν μπορεί να εισαχθεί· εξαγάγετέ την ξανά με κωδικό πρόσβασης ή χωρίς κρυπτογράφηση',
  'error.file_upload_failed': 'Η μεταφόρτωση του αρχείου απέτυχε',
  'error.encryption_failed': 'Η κρυπτογράφηση απέτυχε, η βάση δεδομένων παραμένει απροστάτευτη.',
  'error.decryption_failed':
    'Η αποκρυπτογράφηση απέτυχε, η βάση δεδομένων παραμένει προστατευμένη. Συνήθως οφείλεται σε πρόβλημα ακεραιότητας των κρυπτογραφημένων δεδομένων ενός ή περισσότερων λογαριασμών.',
  'error.password_sign_in_off':
    'Η σύνδεση με κωδικό πρόσβασης είναι απενεργοποιημένη σε αυτόν τον διακομιστή: συνδεθείτε μέσω του παρόχου ταυτότητάς σας.',
  'error.oidc_unavailable':
    'Ο πάροχος ταυτότητας δεν είναι προσβάσιμος αυτή τη στιγμή. Δοκιμάστε ξανά αργότερα.',
  'error.identity_confirmation_required':
    'Επιβεβαιώστε την ταυτότητά σας για να το δείτε (κωδικός πρόσβασης ή κλειδί ασφαλείας).',
  'error.token_scope_required':
    'Το διακριτικό σας δεν μπορεί να το κάνει αυτό: χρειάζεται το εύρος ":scope" ή ευρύτερο.',
  'error.token_required':
    'Μόνο ένα προσωπικό διακριτικό πρόσβασης μπορεί να τερματίσει τον εαυτό του· ανακαλέστε διακριτικά από τις Ρυθμίσεις.',
  'error.session_required':
    'Αυτό γίνεται μόνο από συνδεδεμένη συνεδρία, όχι με προσωπικό διακριτικό πρόσβασης.',
  'error.device_authorization_pending':
    'Η σύζευξη δεν έχει εγκριθεί ακόμη: ρωτήστε ξανά σε λίγα δευτερόλεπτα.',
  'error.device_slow_down': 'Πολύ γρήγορα: περιμένετε το διάστημα ανάμεσα σε δύο αιτήματα.',
  'error.device_access_denied': 'Η σύζευξη απορρίφθηκε.',
  'error.device_expired_token':
    'Αυτός ο κωδικός σύζευξης είναι άγνωστος, έληξε ή έχει ήδη χρησιμοποιηθεί: ξεκινήστε από την αρχή.',
  'validation.website': 'Το πεδίο :attribute πρέπει να είναι ο τομέας ενός ιστότοπου, π.χ. github.com.',
  'error.wrong_password': 'Λάθος κωδικός πρόσβασης',
  'error.wrong_current_password': 'Λάθος τρέχων κωδικός πρόσβασης, δεν άλλαξε τίποτα',
  'error.user_deletion_failed': 'Η διαγραφή του λογαριασμού χρήστη απέτυχε, δεν διαγράφηκαν δεδομένα',
  'error.email_sending_failed': 'Η αποστολή του email απέτυχε',
  'error.no_registered_user': 'κανένας εγγεγραμμένος χρήστης',
  'error.cannot_register_more': 'Δεν μπορείτε να εγγράψετε περισσότερους από έναν χρήστες.',
  'error.wait_before_retrying': 'Περιμένετε λίγο πριν δοκιμάσετε ξανά.',
  'error.reset_user_not_found': 'Δεν βρίσκουμε χρήστη με αυτή τη διεύθυνση email.',
  'error.reset_token_invalid': 'Αυτό το διακριτικό επαναφοράς κωδικού πρόσβασης δεν είναι έγκυρο.',
  'error.invalid_recovery_token': 'Μη έγκυρο διακριτικό ανάκτησης',
  'error.otp_without_secret': 'Δεν είναι δυνατή η δημιουργία OTP χωρίς μυστικό',
  'error.device_not_verified': 'Δεν ήταν δυνατή η επαλήθευση της συσκευής ασφαλείας.',
  'error.webauthn_needs_device':
    'Καταχωρίστε τουλάχιστον μία συσκευή για να ενεργοποιήσετε αυτές τις επιλογές',
  'error.group_reserved_name': 'Δεσμευμένο όνομα, επιλέξτε κάτι άλλο',
  'error.group_name_characters':
    'Χρησιμοποιήστε μόνο γράμματα, αριθμούς, παύλες, κάτω παύλες, κενά ή απλά εισαγωγικά',
  'error.only_custom_setting_deletable': 'Μόνο ρυθμίσεις που δημιούργησε ο χρήστης μπορούν να διαγραφούν',
  'error.uri_alone': "Η παράμετρος uri πρέπει να δίνεται μόνη της ή μόνο μαζί με την παράμετρο 'custom_otp'",
  // Success messages that are localised
  'success.password_changed': 'Ο κωδικός πρόσβασης άλλαξε',
  'success.reset_link_sent': 'Σας στείλαμε με email τον σύνδεσμο επαναφοράς κωδικού πρόσβασης!',
  'success.password_reset': 'Ο κωδικός πρόσβασής σας επαναφέρθηκε!',
  'success.recovery_email_sent': 'Το email ανάκτησης λογαριασμού στάλθηκε!',
  'success.device_registered': 'Η συσκευή καταχωρίστηκε',
  // Other texts
  'error.backup_password_missing':
    'Δεν έχει οριστεί κωδικός αντιγράφων ασφαλείας: ορίστε πρώτα έναν στις Ρυθμίσεις → Αντίγραφα ασφαλείας.',
  'error.backup_password_wrong': 'Ο τρέχων κωδικός αντιγράφων ασφαλείας είναι λάθος.',
  'breakglass.title': 'Twofold: αντίγραφο έκτακτης ανάγκης',
  'breakglass.made': 'Δημιουργήθηκε :date.',
  'breakglass.read_only':
    'Αντίγραφο μόνο για ανάγνωση των λογαριασμών σας: τίποτα εδώ δεν τους αλλάζει. Λειτουργεί χωρίς σύνδεση και δεν συνδέεται πουθενά.',
  'breakglass.password': 'Κωδικός αντιγράφων ασφαλείας',
  'breakglass.open': 'Άνοιγμα',
  'breakglass.wrong': 'Αυτός ο κωδικός δεν ανοίγει αυτό το αρχείο.',
  'breakglass.search': 'Αναζήτηση',
  'breakglass.counter': 'Μετρητής :counter',
  'breakglass.reveal': 'Εμφάνιση σημείωσης και κωδικών ανάκτησης',
  'breakglass.note': 'Σημείωση',
  'breakglass.recovery_codes': 'Κωδικοί ανάκτησης',
  'breakglass.used': 'χρησιμοποιήθηκε',
  'breakglass.none': 'Κανένας λογαριασμός δεν ταιριάζει.',
  'group.all': 'Όλοι',
  'account.invalid_account': '- μη έγκυρος λογαριασμός -',
  'account.invalid_service': '- μη έγκυρη υπηρεσία -',
  // E-mails
  'mail.greeting': 'Γεια σας :name,',
  'mail.password_reset.subject': ':app: επαναφορά του κωδικού πρόσβασης',
  'mail.password_reset.intro':
    'Ζητήσατε επαναφορά του κωδικού πρόσβασης. Ανοίξτε αυτόν τον σύνδεσμο μέσα σε 60 λεπτά για να επιλέξετε νέο:',
  'mail.password_reset.action': 'Επαναφορά κωδικού πρόσβασης',
  'mail.password_reset.ignore':
    'Αν δεν το ζητήσατε εσείς, αγνοήστε αυτό το μήνυμα: ο κωδικός σας μένει ως έχει.',
  'mail.webauthn_recovery.subject': ':app: καταχώριση νέας συσκευής ασφαλείας',
  'mail.webauthn_recovery.intro':
    'Χάσατε μια συσκευή ασφαλείας. Ανοίξτε αυτόν τον σύνδεσμο μέσα σε 60 λεπτά για να καταχωρίσετε νέα:',
  'mail.webauthn_recovery.action': 'Καταχώριση νέας συσκευής ασφαλείας',
  'mail.webauthn_recovery.ignore': 'Αν δεν το ζητήσατε εσείς, αγνοήστε αυτό το μήνυμα.',
  // Alerts
  'validation.url': 'Το πεδίο :attribute πρέπει να είναι έγκυρο URL.',
  'alert.new_device.title': 'Νέα σύνδεση στο Twofold',
  'alert.new_device.body':
    'Σύνδεση από νέα συσκευή: :browser σε :platform, διεύθυνση IP :ip. Αν δεν ήσασταν εσείς, αλλάξτε τον κωδικό σας.',
  'alert.failed_sign_in.title': 'Αποτυχημένη σύνδεση στο Twofold',
  'alert.failed_sign_in.body':
    'Μια σύνδεση από τη διεύθυνση IP :ip απέτυχε. Άλλες αποτυχίες τα επόμενα 15 λεπτά δεν αναφέρονται.',
  'alert.token_created.title': 'Νέο προσωπικό διακριτικό πρόσβασης',
  'alert.token_created.body': 'Δημιουργήθηκε προσωπικό διακριτικό πρόσβασης με όνομα «:name».',
  'alert.security_device_added.title': 'Νέα συσκευή ασφαλείας',
  'alert.security_device_added.body': 'Μια νέα συσκευή ασφαλείας καταχωρίστηκε στον λογαριασμό σας.',
  'alert.export.title': 'Οι λογαριασμοί εξήχθησαν',
  'alert.export.body': 'Οι λογαριασμοί σας εξήχθησαν μαζί με τα μυστικά τους (μορφή: :format).',
  'alert.backup_failed.title': 'Το προγραμματισμένο αντίγραφο ασφαλείας απέτυχε',
  'alert.backup_failed.body':
    'Το προγραμματισμένο αντίγραφο ασφαλείας δεν ήταν δυνατό να γραφτεί. Ελέγξτε τις ρυθμίσεις αντιγράφων ασφαλείας.',
  'error.disk_full':
    'Δεν υπάρχει αρκετός χώρος στον δίσκο δεδομένων του διακομιστή (DATA_DIR): δεν αποθηκεύτηκε τίποτα. Ελευθερώστε χώρο και δοκιμάστε ξανά.',
  'alert.clock_skew.title': 'Το ρολόι του διακομιστή είναι λάθος',
  'alert.clock_skew.body':
    'Το ρολόι του διακομιστή διαφέρει κατά :offset από τις συσκευές που τον χρησιμοποιούν (+ μπροστά, − πίσω). Οι κωδικοί που υπολογίζει ο διακομιστής είναι λάθος μέχρι να διορθωθεί η ώρα του (NTP).',
  'alert.clock_skew.gone.title': 'Το ρολόι του διακομιστή είναι ξανά σωστό',
  'alert.clock_skew.gone.body': 'Το ρολόι του διακομιστή συμφωνεί ξανά με τις συσκευές του.',
  'alert.disk_full.title': 'Ο δίσκος του διακομιστή γέμισε',
  'alert.disk_full.body':
    'Ο δίσκος δεδομένων του διακομιστή (DATA_DIR) είναι γεμάτος: τα νέα δεδομένα απορρίπτονται μέχρι να ελευθερωθεί χώρος. Τίποτα από όσα είχαν αποθηκευτεί δεν χάθηκε.',
  'alert.test.title': 'Δοκιμαστική ειδοποίηση Twofold',
  'alert.test.body': 'Αυτό το κανάλι λειτουργεί: το Twofold μπορεί να σας στέλνει ειδοποιήσεις εδώ.',
  'alert.alerts_changed.title': 'Οι ρυθμίσεις ειδοποιήσεων άλλαξαν',
  'alert.alerts_changed.body':
    'Οι ρυθμίσεις ειδοποιήσεών σας άλλαξαν (:changes). Αν δεν ήσασταν εσείς, ανακαλέστε τα προσωπικά διακριτικά πρόσβασης και ελέγξτε Ρυθμίσεις, Ειδοποιήσεις.',
  'error.alert_url_password':
    'Πληκτρολογήστε ξανά τον κωδικό στο URL: ο αποθηκευμένος ανήκει στην προηγούμενη διεύθυνση.',
};

/** Greek names of the `:attribute` values, keyed by the English attribute. */
export const elAttributes: Readonly<Record<string, string>> = {
  account: 'λογαριασμός',
  algorithm: 'αλγόριθμος',
  counter: 'μετρητής',
  credential: 'διαπιστευτήρια',
  'current password': 'τρέχων κωδικός πρόσβασης',
  'custom otp': 'προσαρμοσμένο OTP',
  digits: 'ψηφία',
  email: 'διεύθυνση email',
  file: 'αρχείο',
  format: 'μορφή',
  'group id': 'ομάδα',
  icon: 'εικονίδιο',
  'icon pack': 'πακέτο εικονιδίων',
  key: 'κλειδί',
  label: 'ετικέτα',
  name: 'όνομα',
  'otp type': 'τύπος OTP',
  password: 'κωδικός πρόσβασης',
  'password confirmation': 'επιβεβαίωση κωδικού πρόσβασης',
  payload: 'δεδομένα',
  period: 'περίοδος',
  qrcode: 'κωδικός QR',
  secret: 'μυστικό',
  service: 'υπηρεσία',
  token: 'διακριτικό',
  value: 'τιμή',
  variant: 'παραλλαγή',
};
